/** A day in milliseconds: days left are counted in elapsed time, not in calendar days of a zone. */
export const DAY_MS = 86_400_000;

/**
 * The days left of a licence, one rule for every page and answer (issue 35: one licence read 366,
 * 365 and 364 on three pages, rounded three ways): the time from `now` to the expiry in days,
 * rounded up. So a licence is "1 day" left until its last millisecond (the status turns expired
 * at the expiry itself, docs/product.md §4), 0 on the day it ended, and -N once N whole days have
 * passed since: what "expired N days ago" reads. Any time base gives the same answer for the same
 * instant: both are milliseconds since the epoch.
 */
export function daysLeft(expiresAt: Date | number | string, now: number): number {
  const at = typeof expiresAt === 'string' ? Date.parse(expiresAt) : +expiresAt;
  const days = Math.ceil((at - now) / DAY_MS);
  // Math.ceil of a small negative gives -0, which would print as "0" but compare oddly.
  return days === 0 ? 0 : days;
}
