import type { FastifyInstance } from 'fastify';
import { auditActionList, auditLog, exportAuditLog } from '@edp/shared/api/console/audit.calls';
import { setupState, setupTenant } from '@edp/shared/api/console/setup.calls';
import { tenantInfo as tenantInfoCall } from '@edp/shared/api/platform.calls';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { callerOf } from './console-guard.ts';
import { sendFile, serve, vendorActorOf } from '../../platform/http/index.ts';
import type { AuditQueryService } from '../audit/index.ts';
import type { SetupService, TenantInfoService } from '../tenants/index.ts';

/** The tenant served on a host, initial setup and the audit log, under /owner. */
export function tenantRoutes(
  app: FastifyInstance,
  {
    setup,
    auditQueries,
    tenantInfo,
  }: {
    setup: SetupService;
    auditQueries: AuditQueryService;
    tenantInfo: TenantInfoService;
  },
) {
  serve(app, tenantInfoCall, (req) => tenantInfo.infoForHost(req.headers.host));
  serve(app, setupState, (req) => setup.state(req.headers.host));
  serve(app, setupTenant, async (req) => {
    const header = req.headers['x-token'];
    const token = Array.isArray(header) ? header[0] : header;
    const session = token ? await app.platform.sessions.resolve(token) : undefined;
    return setup.register(req.body, {
      host: req.headers.host,
      ip: req.ip,
      locale: req.locale,
      vendor: session?.kind === 'vendor' ? vendorActorOf(req, session) : undefined,
    });
  });
  serve(app, auditLog, (req) => auditQueries.list(callerOf(req).actor, req.body, req.locale));
  serve(app, auditActionList, async (req) => auditQueries.actions(req.locale));
  serve(app, exportAuditLog, async (req, reply) => {
    const { actor } = callerOf(req);
    // Another tenant's id answers 404, like every other id.
    if (req.params.owner !== actor.tenantId) throw new AppError(CommonErr.NotFound);
    return sendFile(reply, {
      name: auditQueries.fileName(req.query.tz),
      format: 'csv',
      chunks: auditQueries.csv(actor, req.query, req.locale),
    });
  });
}
