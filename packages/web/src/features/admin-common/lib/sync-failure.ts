import { CommandErr } from '@edp/shared/errors/commands';
import { ApiError } from '../../../lib/http.ts';

/** How a failed synchronous command is shown: the device was offline, no answer, or refused. */
export type SyncFailure = 'offline' | 'noAnswer' | 'refused' | 'failed';

export function syncFailure(error: unknown): SyncFailure {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.errCode === CommandErr.DeviceOffline) return 'offline';
  if (error.errCode === CommandErr.NoAnswer) return 'noAnswer';
  // The engine's own codes (SPEC §8) are -1…-85.
  if (error.errCode < 0 && error.errCode >= -99) return 'refused';
  return 'failed';
}
