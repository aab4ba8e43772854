import { NotifyErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { GatewayRuleError } from './gateway-rules.ts';
import { OutboundError, RefusedByGateway } from './outbound.ts';

/** Answered when sending, the refusal is about what is stored, not about the request: 409. */
const CONFLICT = 409;

/**
 * A test SMS's failure as the answer the caller reads in its language: a stored gateway that
 * breaks a rule, an internal address, a redirect (to its host), no answer, or the gateway's own
 * status or code. Anything else is not a gateway's doing and is rethrown.
 */
export function sendFailure(err: unknown): never {
  if (err instanceof GatewayRuleError) throw new AppError(err.code, err.params, CONFLICT);
  if (err instanceof OutboundError) {
    const f = err.failure;
    if (f.kind === 'refused')
      throw new AppError(NotifyErr.InternalAddress, { host: f.host }, CONFLICT);
    if (f.kind === 'redirect') throw new AppError(NotifyErr.Redirected, { host: f.host });
    throw new AppError(NotifyErr.NoAnswer);
  }
  if (err instanceof RefusedByGateway)
    throw new AppError(NotifyErr.SmsFailed, { reason: err.message });
  throw err;
}

/**
 * What the delivery log keeps of a failed message: the short reason of a known failure, and for
 * anything else a fixed text (its details go to the server's log), never a foreign answer's body.
 */
export function logReason(err: unknown): string {
  return isKnownFailure(err) ? err.message : 'not sent: server error';
}

/** A failure of the gateway or of what is stored, as opposed to a fault of this server. */
export const isKnownFailure = (err: unknown): err is Error =>
  err instanceof GatewayRuleError ||
  err instanceof OutboundError ||
  err instanceof RefusedByGateway;
