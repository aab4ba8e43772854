import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import type { Call, DataOf } from '@edp/shared/api/define';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import type { SuccessKey } from '@edp/shared/messages';

/** The hooks that admit a call: its session and permission checks, and what follows a change. */
export interface Guard {
  onRequest: onRequestAsyncHookHandler[];
  /** After the input's checks, just before the handler. */
  preHandler?: preHandlerAsyncHookHandler;
  onSend?: onSendAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The guard a call's access names; app.ts composes it from the contexts' guards. */
    guardOf(call: Call): Guard;
  }
}

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** The request of a call, typed by its declaration. */
export type CallRequest<C extends Call> = FastifyRequest<{
  Body: Output<C['body']>;
  Params: Output<C['params']>;
  Querystring: Output<C['query']>;
}>;

/** A success answer whose message depends on the request (create or change). */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: SuccessKey,
  ) {}
}

/**
 * What a handler gives back: the answer's `data` (sent in the envelope with the call's
 * message), an `Answer`, or the reply itself once it has sent something else (files, cached
 * bytes).
 */
export type Handler<C extends Call> = (
  req: CallRequest<C>,
  reply: FastifyReply,
) => Promise<Result<C> | Answer<DataOf<C>> | FastifyReply>;

/** Calls without `data` answer nothing: their handlers return nothing. */
type Result<C extends Call> = DataOf<C> extends undefined ? void : DataOf<C>;

/**
 * Registers one call of the registry (packages/shared/src/api): its route, the guard its access
 * names, its rate limit and its OpenAPI entry all come from the declaration. This is the only
 * way a route is added under /api (the route test compares the server's routes with the
 * registry).
 */
export function serve<C extends Call>(app: FastifyInstance, call: C, handler: Handler<C>): void {
  const { onRequest, preHandler, onSend } = app.guardOf(call);
  app.route({
    method: call.method,
    url: call.path,
    // The limit comes before the guard: a call past it gets no permission check, and a call
    // with a bad token is counted too.
    onRequest: [...app.rateLimitOf(call), ...onRequest],
    ...(preHandler ? { preHandler } : {}),
    ...(onSend ? { onSend } : {}),
    ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
    schema: {
      tags: [call.tag],
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      ...(call.access.who === 'public' ? {} : { security: [{ token: [] }] }),
      ...(call.method === 'POST' ? { body: call.body ?? ZEmpty } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.file ? {} : { response: { 200: ZEnvelope(call.data ?? ZEmpty) } }),
    },
    handler: async (req, reply) => {
      const result = await handler(req as CallRequest<C>, reply);
      // A handler that sent the answer itself (cached bytes, files) returns the reply, a
      // thenable: awaiting it waits for the answer to end. Nothing must be sent after it (an
      // envelope sent again costs Fastify an "already sent" error and a warning each time).
      if (reply.sent) return undefined;
      if (result instanceof Answer) return reply.ok(result.data, result.message);
      return reply.ok(result, call.message ?? 'ok');
    },
  });
}
