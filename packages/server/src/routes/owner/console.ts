import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEnvelope, ZList } from '@edp/shared/contracts/common';
import {
  ZAuditFilter,
  ZAuditItem,
  ZAuditListRequest,
  ZOwnerReg,
  ZOwnerRegResult,
  ZRegState,
} from '@edp/shared/contracts/owner-admin';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../lib/app-error.ts';
import { auditQueryService } from '../../modules/audit/audit-query-service.ts';
import { callerOf } from '../../modules/console-auth/require-permission.ts';
import { setupService } from '../../modules/tenant/setup-service.ts';
import { consoleGuard, strictRateLimit } from '../login/login-helpers.ts';

const tags = ['owner'];

/** Initial setup and the audit log of the management console, under /owner. */
export const ownerConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const setup = setupService(app.db);
  const audit = auditQueryService(app.db);

  app.post(
    '/n/reg/state',
    {
      schema: {
        tags,
        summary: 'Whether initial setup is open and this host already has a tenant',
        response: { 200: ZEnvelope(ZRegState) },
      },
    },
    async (req, reply) => reply.ok(await setup.state(req.headers.host)),
  );

  app.post(
    '/n/reg',
    {
      config: strictRateLimit(app),
      schema: {
        tags,
        summary: 'Initial setup: the tenant, its system administrator and the optional duties',
        description:
          'Open while no tenant exists (or the vendor allows self-setup); afterwards only with a vendor super-administrator X-Token.',
        body: ZOwnerReg,
        response: { 200: ZEnvelope(ZOwnerRegResult) },
      },
    },
    async (req, reply) => {
      const header = req.headers['x-token'];
      const token = Array.isArray(header) ? header[0] : header;
      const session = token ? await app.sessions.resolve(token) : undefined;
      const result = await setup.register(req.body, {
        host: req.headers.host,
        ip: req.ip,
        locale: req.locale,
        byVendor: session?.kind === 'sa',
      });
      return reply.ok(result, 'created');
    },
  );

  app.post(
    '/l/log',
    {
      onRequest: consoleGuard(app, '/owner/l/log'),
      schema: {
        tags,
        summary: 'The audit log (auditor): filter by time, account, action, result, target',
        body: ZAuditListRequest,
        response: { 200: ZEnvelope(ZList(ZAuditItem)) },
      },
    },
    async (req, reply) => reply.ok(await audit.list(callerOf(req).actor, req.body)),
  );

  app.get(
    '/dw/:owner/audit',
    {
      onRequest: consoleGuard(app, '/owner/dw/audit'),
      schema: {
        tags,
        summary: 'The audit log as CSV, with the filters of /owner/l/log as query parameters',
        params: z.object({ owner: z.string().max(64) }),
        querystring: ZAuditFilter,
      },
    },
    async (req, reply) => {
      const { actor } = callerOf(req);
      // Another tenant's id answers 404, like every other id (ARCHITECTURE.md §8 item 6).
      if (req.params.owner !== actor.tenantId) throw new AppError(CommonErr.NotFound);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
        .type('text/csv; charset=utf-8');
      return reply.send(Readable.from(audit.csv(actor, req.query)));
    },
  );
};
