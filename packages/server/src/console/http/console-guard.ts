import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import { mayCall, type ConsoleAccess } from '@edp/shared/api/define';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { sessionOf, type Guard } from '../../platform/http/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { Caller, ConsoleCache } from '../access/index.ts';

/** What the console's guard reads and writes: the cached actors and the audit log. */
export interface GuardDeps {
  audit: AuditService;
  consoleCache: ConsoleCache;
}

const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * An onRequest hook for console calls, placed after `app.requireSession('user')`: loads the actor
 * and admits the call only when one of the actor's roles (or roles proxied right now) allows it
 * (the call's access in its declaration). A refusal is audited and answers 403.
 */
function requirePermission(
  call: string,
  access: ConsoleAccess,
  { audit, consoleCache }: GuardDeps,
): onRequestAsyncHookHandler {
  return async function (req) {
    const session = sessionOf(req);
    const actor = session.tenantId
      ? await consoleCache.actor(session.subjectId, session.tenantId)
      : undefined;
    if (!actor) {
      await req.server.platform.sessions.revoke(session.tokenHash);
      throw new AppError(CommonErr.SessionExpired);
    }
    const caller: Caller = { actor, ip: req.ip, call, audited: false, ran: false };
    callers.set(req, caller);
    if (!mayCall(actor.grants, access)) {
      await audit.failure(caller, CommonErr.Forbidden);
      throw new AppError(CommonErr.Forbidden);
    }
  };
}

/**
 * The guard of a console call: a user session, then the call's duties; changes and self-service
 * calls also forget cached lists and audit their failures.
 */
export function consoleGuard(
  app: FastifyInstance,
  deps: GuardDeps,
  path: string,
  access: ConsoleAccess,
): Guard {
  return {
    onRequest: [app.requireSession('user'), requirePermission(path, access, deps)],
    ...(access.self || access.write
      ? { preHandler: markRan, onSend: auditFailedChanges(deps) }
      : {}),
  };
}

/** The input passed its checks: the handler runs, and may change what the caches hold. */
async function markRan(req: FastifyRequest) {
  const caller = callers.get(req);
  if (caller) caller.ran = true;
}

/** The caller admitted by `requirePermission`. */
export function callerOf(req: FastifyRequest): Caller {
  const caller = callers.get(req);
  if (!caller) throw new AppError(CommonErr.SessionExpired);
  return caller;
}

/**
 * The onSend hook of console changes and self-service calls (`consoleGuard`): once the handler
 * has run, it makes this node forget the tenant's cached actors and list pages (before the
 * answer leaves, so the caller's next call sees the change); a call refused before (its input
 * malformed) changed nothing, and a flood of them must not make the whole tenant read again. It
 * also audits a failed change whose service has not written the log itself.
 */
function auditFailedChanges({ audit, consoleCache }: GuardDeps) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const caller = callers.get(req);
    if (!caller) return payload;
    if (caller.ran) consoleCache.changed(caller.actor.tenantId);
    if (caller.audited || reply.statusCode < 400) return payload;
    let errCode = CommonErr.Server as number;
    try {
      errCode = (JSON.parse(String(payload)) as { errCode: number }).errCode;
    } catch {
      // Not an envelope: keep the generic server code.
    }
    const id = (req.body as { id?: unknown } | undefined)?.id;
    try {
      await audit.failure(caller, errCode, typeof id === 'string' ? id : '');
    } catch (err) {
      // The answer is already decided: a failing audit write is logged, never sent instead.
      req.log.error({ err }, 'audit of a failed call not written');
    }
    return payload;
  };
}
