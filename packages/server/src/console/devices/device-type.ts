import { ENGINE_KINDS, type EngineKind } from '@edp/shared/constants';
import {
  MISSED_INTERVALS_OFFLINE,
  PRESENCE_SLACK_S,
  type Presence,
} from '@edp/shared/contracts/engine';

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
 * A device counts as offline after three missed intervals, plus the stored time's lag
 * (PRESENCE_SLACK_S) when the time comes from the database; a node that saw the device itself
 * knows exactly.
 */
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
