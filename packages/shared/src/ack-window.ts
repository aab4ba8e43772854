/**
 * Elevation and learning-mode windows in seconds, as SPEC §9 gives them (days, hours, minutes,
 * seconds). Zod-free: the web imports it (contracts/elevation.ts re-exports it).
 */

/** The longest window anyone may ask for (as the portal's `.ele`): 30 days. */
export const WINDOW_MAX_S = 30 * 86_400;

export function windowSeconds(w: {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
}) {
  return (w.days ?? 0) * 86_400 + (w.hours ?? 0) * 3_600 + (w.minutes ?? 0) * 60 + (w.seconds ?? 0);
}

/** Seconds back to days, hours, minutes, seconds. */
export function splitSeconds(total: number) {
  const s = Math.max(0, Math.floor(total));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
}
