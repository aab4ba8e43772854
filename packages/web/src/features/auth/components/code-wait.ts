import { PortalErr } from '@edp/shared/errors/portal';
import { ApiError } from '../../../lib/http.ts';

/**
 * The seconds to wait when the server answers that a code was sent moments ago (-10035): that
 * code is on its way and can be entered; a new one may be asked for after the wait.
 */
export function waitOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.errCode !== PortalErr.CodeTooSoon) return undefined;
  const seconds = Number(error.params.seconds);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 1;
}
