import { LICENCE_WARNING_DAYS } from '@edp/shared/constants';
import type { TLicenceStatus } from '@edp/shared/contracts/com';
import { DAY_MS, daysLeft } from '@edp/shared/licence-days';

/** expired at or after the expiry; expiring under 30 days before it (docs/product.md §4); else normal. */
export function licenceStatus(expiresAt: Date | number, now: number): TLicenceStatus {
  const left = +expiresAt - now;
  if (left <= 0) return 'expired';
  return left < LICENCE_WARNING_DAYS * DAY_MS ? 'expiring' : 'normal';
}

/**
 * Days left as the console counts them (shared licence-days.ts), never negative: the portal's
 * contract says 0 once expired, and its status tag says expired.
 */
export function remainingDays(expiresAt: Date | number, now: number): number {
  return Math.max(0, daysLeft(expiresAt, now));
}

/**
 * The first instant after `now` at which `licenceStatus` or `remainingDays` of this expiry give
 * something else, so an answer built at `now` can be kept until then. Days left drop whenever the
 * time left reaches a whole number of days (the expiry itself among them); the status turns to
 * expiring the first millisecond under 30 days.
 */
export function nextStatusChange(expiresAt: Date | number, now: number): number {
  const left = +expiresAt - now;
  if (left <= 0) return Infinity;
  const nextDay = +expiresAt - (Math.ceil(left / DAY_MS) - 1) * DAY_MS;
  const underWarning = turnsExpiringAt(expiresAt);
  return underWarning > now ? Math.min(nextDay, underWarning) : nextDay;
}

/** The first millisecond at which a licence with this expiry is under 30 days from it. */
export const turnsExpiringAt = (expiresAt: Date | number): number =>
  +expiresAt - LICENCE_WARNING_DAYS * DAY_MS + 1;

/** The earliest expiry that still reads "normal" at `now` (at least 30 days away). */
export const normalFrom = (now: number): Date => new Date(now + LICENCE_WARNING_DAYS * DAY_MS);

export const pageOffset = (page: { page: number; pageSize: number }) =>
  (page.page - 1) * page.pageSize;
