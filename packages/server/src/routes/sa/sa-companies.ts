import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEnvelope } from '@edp/shared/contracts/common';
import { ZCompanyList, ZCompanyListRequest } from '@edp/shared/contracts/sa';
import { vendorService } from '../../modules/vendor/vendor-service.ts';

/** Portal companies with their balance, for the vendor (super administrator only). */
export const saCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendor = vendorService(app);

  app.post(
    '/coms',
    {
      onRequest: app.requireSession('sa'),
      schema: {
        tags: ['sa'],
        security: [{ token: [] }],
        summary: 'Registered companies, newest first; keyword searches e-mail, company, contact',
        body: ZCompanyListRequest,
        response: { 200: ZEnvelope(ZCompanyList) },
      },
    },
    async (req, reply) => reply.ok(await vendor.companies(req.body)),
  );
};
