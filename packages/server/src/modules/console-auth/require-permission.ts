import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import { CommonErr } from '@edp/shared/errors';
import { CONSOLE_CALLS, mayCall, type CallRule, type ConsoleCall } from '@edp/shared/permissions';
import { AppError } from '../../lib/app-error.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { auditService } from '../audit/audit-service.ts';
import type { Caller } from './actor.ts';

const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * An onRequest hook for console calls, placed after `app.requireSession('user')`: loads the actor
 * and admits the call only when one of the actor's roles (or roles proxied right now) allows it
 * (CONSOLE_CALLS in shared/permissions.ts). A refusal is audited and answers 403.
 */
export function requirePermission(call: ConsoleCall): onRequestAsyncHookHandler {
  return async function (req) {
    const session = sessionOf(req);
    const actor = session.tenantId
      ? await req.server.consoleCache.actor(session.subjectId, session.tenantId)
      : undefined;
    if (!actor) {
      await req.server.sessions.revoke(session.tokenHash);
      throw new AppError(CommonErr.SessionExpired);
    }
    const caller: Caller = { actor, ip: req.ip, call, audited: false };
    callers.set(req, caller);
    if (!mayCall(actor.grants, call)) {
      await auditService(req.server.db).failure(caller, CommonErr.Forbidden);
      throw new AppError(CommonErr.Forbidden);
    }
  };
}

/** The caller admitted by `requirePermission`. */
export function callerOf(req: FastifyRequest): Caller {
  const caller = callers.get(req);
  if (!caller) throw new AppError(CommonErr.SessionExpired);
  return caller;
}

/**
 * Registers, in a console route plugin, the hook that follows every change: it makes this node
 * forget the tenant's cached actors and list pages (before the answer leaves, so the caller's
 * next call sees the change), and audits a failed change — a write or self-service call whose
 * answer is an error and whose service has not written the log itself.
 */
export function auditFailedChanges(app: FastifyInstance) {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const caller = callers.get(req);
    if (!caller) return payload;
    // Reads change nothing; self-service calls and writes may have, whatever their answer.
    const rule: CallRule = CONSOLE_CALLS[caller.call as ConsoleCall];
    if (!rule.self && !rule.write) return payload;
    req.server.consoleCache.changed(caller.actor.tenantId);
    if (caller.audited || reply.statusCode < 400) return payload;
    let errCode = CommonErr.Server as number;
    try {
      errCode = (JSON.parse(String(payload)) as { errCode: number }).errCode;
    } catch {
      // Not an envelope: keep the generic server code.
    }
    const body = req.body as { id?: unknown } | undefined;
    await auditService(req.server.db).failure(caller, errCode, String(body?.id ?? ''));
    return payload;
  });
}
