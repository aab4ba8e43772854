import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import { ZSysTime } from '@edp/shared/contracts/owner';
import { saAuthRoutes } from './sa-auth.ts';
import { saPackageRoutes } from './sa-packages.ts';
import { saCompanyRoutes } from './sa-companies.ts';
import { saOwnerRoutes } from './sa-owners.ts';
import { saSystemRoutes } from './sa-system.ts';

export const saRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(saAuthRoutes);
  await app.register(saPackageRoutes);
  await app.register(saCompanyRoutes);
  await app.register(saOwnerRoutes);
  await app.register(saSystemRoutes);
  app.post(
    '/n/sys',
    {
      schema: {
        tags: ['sa'],
        summary: 'Server time and the trusted signing key id (vendor side)',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZSysTime) },
      },
    },
    async (_req, reply) => reply.ok({ ts: Date.now(), unp: app.vendorKeys.kid }),
  );
};
