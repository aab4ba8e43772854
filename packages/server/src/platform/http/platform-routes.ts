import type { FastifyInstance } from 'fastify';
import { health, serverTime, vendorServerTime } from '@edp/shared/api/platform.calls';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../errors/index.ts';
import { serve } from './serve.ts';

/** Health and server time. */
export function platformRoutes(app: FastifyInstance) {
  serve(app, health, async (req) => {
    try {
      await app.platform.database.ping();
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      throw new AppError(CommonErr.Unavailable);
    }
    return {
      status: 'ok' as const,
      database: app.platform.database.driver,
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
  const time = async () => ({ ts: Date.now(), unp: app.platform.vendorKeys.kid });
  serve(app, serverTime, time);
  serve(app, vendorServerTime, time);
}
