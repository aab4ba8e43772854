import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { health, serverTime, tenantInfo, vendorServerTime } from '@edp/shared/api/platform.calls';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../lib/app-error.ts';
import { serve } from './serve.ts';
import type { Services } from '../services.ts';

/** Health, server time and the tenant served on a host. */
export function platformRoutes(app: FastifyInstance, s: Services) {
  serve(app, health, async (req) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      throw new AppError(CommonErr.Unavailable);
    }
    return {
      status: 'ok' as const,
      database: app.database.driver,
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
  const time = async () => ({ ts: Date.now(), unp: app.vendorKeys.kid });
  serve(app, serverTime, time);
  serve(app, vendorServerTime, time);
  serve(app, tenantInfo, (req) => s.tenantInfo.infoForHost(req.headers.host));
}
