import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import { ZSystemSettings } from '@edp/shared/contracts/sa-owners';
import { tenantService } from '../../modules/tenant/tenant-service.ts';

const tags = ['sa'];

/** Vendor-wide settings (/sa/sys/get, /sa/sys/set), for the super administrator. */
export const saSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  const tenants = tenantService(app.db);
  const onRequest = app.requireSession('sa');

  app.post(
    '/sys/get',
    {
      onRequest,
      schema: {
        tags,
        summary: 'System settings',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZSystemSettings) },
      },
    },
    async (_req, reply) => reply.ok(await tenants.systemSettings()),
  );

  app.post(
    '/sys/set',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change the system settings',
        body: ZSystemSettings,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      await tenants.saveSystemSettings(req.body);
      return reply.ok(undefined, 'modified');
    },
  );
};
