import { ENGINE_KINDS, type EngineKind } from '@edp/shared/constants';
import { MISSED_INTERVALS_OFFLINE, type Presence } from '@edp/shared/contracts/engine';

/**
 * The type counted -1…5 (docs/portal.md "Device type"): -1 unlicensed, 0…4 licensed by kind,
 * 5 licence expired.
 */
export function deviceType(kind: EngineKind, licenceExpiresAt: Date | null, now: number): number {
  if (!licenceExpiresAt) return -1;
  if (licenceExpiresAt.getTime() <= now) return 5;
  return ENGINE_KINDS.indexOf(kind);
}

/**
 * The database's last-seen time may lag a check-in by the presence refresh and one flush
 * (engines/index.ts): a device counts as offline after three missed intervals plus that lag,
 * never before; a node that saw the device itself knows exactly.
 */
export const PRESENCE_SLACK_S = 65;

export function presenceOf(
  lastSeenMs: number | null,
  intervalS: number,
  now: number,
  exact: boolean,
): Presence {
  if (lastSeenMs === null) return 'never';
  const grace = intervalS * MISSED_INTERVALS_OFFLINE + (exact ? 0 : PRESENCE_SLACK_S);
  return now - lastSeenMs < grace * 1000 ? 'online' : 'offline';
}
