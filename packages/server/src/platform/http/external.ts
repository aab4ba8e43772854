import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../errors/index.ts';
import type { Config } from '../../config.ts';

/** Third-party plugins: cookies, rate limiting, the OpenAPI document. */
export const externalPlugins = fp<{ config: Config }>(async (app, { config }) => {
  await app.register(cookie);

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'edp-rl-' } : {}),
    // The limit's headers go out only with a 429; on every other answer they are bytes for nothing.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_req, ctx) => new AppError(CommonErr.TooMany, {}, ctx.statusCode),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'EDP Console API',
        description:
          'Every answer is the envelope { success, errCode, msg, data? }; msg follows Accept-Language (zh-CN or en-US). Signed-in calls carry X-Token.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
