import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import { ZOwnerInfo, ZSysTime } from '@edp/shared/contracts/owner';
import { ownerService } from '../../modules/owner/owner-service.ts';
import { ownerConsoleRoutes } from './console.ts';

export const ownerRoutes: FastifyPluginAsyncZod = async (app) => {
  const owners = ownerService(app.db);
  await app.register(ownerConsoleRoutes);

  app.post(
    '/n/ts',
    {
      schema: {
        tags: ['owner'],
        summary: 'Server time and the trusted signing key id',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZSysTime) },
      },
    },
    async (_req, reply) => reply.ok({ ts: Date.now(), unp: app.vendorKeys.kid }),
  );

  app.post(
    '/n/domain',
    {
      schema: {
        tags: ['owner'],
        summary: "Owner info of the tenant served on the request's host",
        body: ZEmpty,
        response: { 200: ZEnvelope(ZOwnerInfo) },
      },
    },
    async (req, reply) => reply.ok(await owners.infoForHost(req.headers.host)),
  );
};
