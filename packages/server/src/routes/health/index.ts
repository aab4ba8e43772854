import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEnvelope } from '@edp/shared/contracts/common';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../lib/app-error.ts';

const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'pg']),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: ZEnvelope(ZHealth) },
      },
    },
    async (req, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        throw new AppError(CommonErr.Unavailable);
      }
      return reply.ok({
        status: 'ok' as const,
        database: app.database.driver,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
