import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { createRequire } from 'node:module';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type * as IORedis from 'ioredis';
import type { Call } from '@edp/shared/api/define';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../errors/index.ts';
import type { Config } from '../../config.ts';
import { tokenSessionOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hooks of a call's rate limit; serve.ts runs them before the call's guard. */
    rateLimitOf(call: Call): onRequestAsyncHookHandler[];
  }
}

const loadRedis = () => (createRequire(import.meta.url)('ioredis') as typeof IORedis).Redis;

/** The account a signed-in call is counted against, set before the limit is applied. */
const accountKeys = new WeakMap<FastifyRequest, string>();

/** IPv6 addresses are counted by /64, as the plugin's own key does: one host holds a /64. */
const addressOf = (req: FastifyRequest) => normalizeIP(req.ip);

/**
 * The rate limits of calls (docs/architecture.md §8 item 10). Only calls are limited: the web
 * app's files and pages have no limit (a page load fetches dozens of chunks), so the plugin is
 * not global and each call gets its hooks from `rateLimitOf`:
 *
 * - a call that needs a session is counted against the account of the live session its
 *   X-Token names, so the staff of an office behind one address each have the whole limit;
 *   without a live session it is counted against the address (and then refused by its guard).
 *   The session is looked up once: the guard reuses it (`tokenSessionOf`), so the key costs no
 *   query the guard would not make, and a cached session costs none;
 * - an open call is counted against the address, token or not: finding out whether its token
 *   is live would cost a lookup these calls do not otherwise make;
 * - a 'strict' call (it tries passwords, sends mail or redeems a secret) has its own limit per
 *   address, signed in or not: a guesser is limited where it sends from, however many accounts
 *   it holds, and the count comes before the guard so even a bad token counts.
 *
 * With Redis every node counts in the same place.
 */
export const rateLimitPlugin = fp<{ config: Config }>(async (app, { config }) => {
  // ioredis is loaded only with REDIS_URL: it costs a tenth of a start's imports.
  const redis = config.REDIS_URL
    ? new (loadRedis())(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => accountKeys.get(req) ?? addressOf(req),
    ...(redis ? { redis, nameSpace: 'edp-rl-' } : {}),
    // The limit's headers go out only with a 429; on every other answer they are bytes for nothing.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_req, ctx) => new AppError(CommonErr.TooMany, {}, ctx.statusCode),
  });

  const general = app.rateLimit();
  const perAddress: onRequestAsyncHookHandler = (req, reply) => general.call(app, req, reply);
  const perAccount: onRequestAsyncHookHandler = async (req, reply) => {
    const session = await tokenSessionOf(req);
    if (session) accountKeys.set(req, `${session.kind}:${session.subjectId}`);
    return general.call(app, req, reply);
  };
  // 1/60 of the general per-minute budget (20 a minute at the default of 1200), per call.
  const strictLimit = app.rateLimit({
    max: Math.max(1, Math.ceil(config.RATE_LIMIT_PER_MINUTE / 60)),
    timeWindow: 60_000,
    keyGenerator: (req) => `${req.routeOptions.url} ${addressOf(req)}`,
  });
  const strict: onRequestAsyncHookHandler = (req, reply) => strictLimit.call(app, req, reply);

  app.decorate('rateLimitOf', (call: Call) => {
    if (call.rateLimit === 'none') return [];
    if (call.rateLimit === 'strict') return [strict];
    return [call.access.who === 'public' ? perAddress : perAccount];
  });
});
