import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../errors/index.ts';
import type { Session, SessionKind, VendorActor } from '../sessions/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyInstance {
    /** An onRequest hook that admits (before the body is read or validated) only a live session of one of `kinds` (else -10002). */
    requireSession(...kinds: SessionKind[]): onRequestAsyncHookHandler;
  }
}

/** Reads `X-Token`, shared by the portal, the console and the vendor screens. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('session', null);
  app.decorate('requireSession', (...kinds: SessionKind[]) => {
    const handler: onRequestAsyncHookHandler = async (req) => {
      const session = await tokenSessionOf(req);
      if (!session || !kinds.includes(session.kind)) throw new AppError(CommonErr.SessionExpired);
      req.session = session;
    };
    return handler;
  });
});

const tokenSessions = new WeakMap<FastifyRequest, Promise<Session | undefined>>();

/**
 * The live session (of any kind) X-Token names, looked up once per request: the rate limit
 * asks first, to count a signed-in call against its account, and the guard gets the same answer.
 */
export function tokenSessionOf(req: FastifyRequest): Promise<Session | undefined> {
  let session = tokenSessions.get(req);
  if (!session) {
    const header = req.headers['x-token'];
    const token = Array.isArray(header) ? header[0] : header;
    session = token ? req.server.platform.sessions.resolve(token) : Promise.resolve(undefined);
    tokenSessions.set(req, session);
  }
  return session;
}

/** The session of a route guarded by `requireSession`; throws if the guard was forgotten. */
export function sessionOf(req: { session: Session | null }): Session {
  if (!req.session) throw new AppError(CommonErr.SessionExpired);
  return req.session;
}

/**
 * The super administrator of a vendor-guarded route and the request's address: who the vendor's
 * audit log names.
 */
export function vendorActorOf(req: FastifyRequest, session = sessionOf(req)): VendorActor {
  return { adminId: session.subjectId, ip: req.ip };
}
