import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import { ZSysTime } from '@edp/shared/contracts/owner';

export const saRoutes: FastifyPluginAsyncZod = async (app) => {
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
