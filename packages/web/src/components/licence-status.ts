import { LICENCE_WARNING_DAYS } from '@edp/shared/constants';

export type LicenceState = 'normal' | 'expiring' | 'expired' | 'unlicensed';

/**
 * Tag colour per licence state (docs/product.md §4): normal green, about to expire (under 30 days)
 * orange, expired red, no licence grey: `tone-tag--<tone>` classes (portal-page.css) with darker
 * text than antd's preset colours, so the tags pass axe's contrast rule.
 */
export const LICENCE_STATE_COLOR: Record<LicenceState, string> = {
  normal: 'green',
  expiring: 'orange',
  expired: 'red',
  unlicensed: 'default',
};

/** The state for a number of days left, as the server computes it (docs/portal.md). */
export function licenceStateOf(remainingDays: number | null | undefined): LicenceState {
  if (remainingDays === null || remainingDays === undefined) return 'unlicensed';
  if (remainingDays <= 0) return 'expired';
  return remainingDays < LICENCE_WARNING_DAYS ? 'expiring' : 'normal';
}

/** A state value from the server, or 'unlicensed' for anything unknown. */
export function asLicenceState(value: string | null | undefined): LicenceState {
  return value === 'normal' || value === 'expiring' || value === 'expired' ? value : 'unlicensed';
}
