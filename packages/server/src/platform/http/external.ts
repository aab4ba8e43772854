import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { rateLimitPlugin } from './rate-limit.ts';

/** Third-party plugins: cookies, rate limits (rate-limit.ts), the OpenAPI document. */
export const externalPlugins = fp<{ config: Config }>(async (app, { config }) => {
  await app.register(cookie);
  await app.register(rateLimitPlugin, { config });

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
