/** One day of a device's uptime strip: which of its 24 UTC hours the engine checked in. */
export interface UptimeDay {
  day: string;
  hours: boolean[];
  seen: number;
}

/**
 * The last `days` days, oldest first, from the detail's `uptime` (days newest first, bit i of
 * `hours` set when the engine checked in during UTC hour i). A day the server did not list had
 * no check-in. `today` is the UTC date (YYYY-MM-DD) the strip ends with.
 */
export function uptimeStrip(
  uptime: readonly { day: string; hours: number }[],
  today: string,
  days = 7,
): UptimeDay[] {
  const byDay = new Map(uptime.map((u) => [u.day.slice(0, 10), u.hours]));
  const end = Date.parse(`${today}T00:00:00Z`);
  const strip: UptimeDay[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    const bits = byDay.get(day) ?? 0;
    const hours = Array.from({ length: 24 }, (_, h) => (bits & (1 << h)) !== 0);
    strip.push({ day, hours, seen: hours.filter(Boolean).length });
  }
  return strip;
}
