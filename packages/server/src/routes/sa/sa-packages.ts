import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import {
  ZIdResult,
  ZMakeCodes,
  ZMakeCodesResult,
  ZPackageEdit,
  ZPackageList,
  ZPackageListRequest,
  ZPackageRef,
} from '@edp/shared/contracts/sa';
import { vendorService } from '../../modules/vendor/vendor-service.ts';

const tags = ['sa'];
const security = [{ token: [] }];

/** Recharge packages and their single-use codes (super administrator only). */
export const saPackageRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendor = vendorService(app);
  const onRequest = app.requireSession('sa');

  app.post(
    '/pks',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Recharge packages, with codes issued and used',
        body: ZPackageListRequest,
        response: { 200: ZEnvelope(ZPackageList) },
      },
    },
    async (req, reply) => reply.ok(await vendor.packages(req.body)),
  );

  app.post(
    '/pk/edit',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Create (no id) or change a package',
        body: ZPackageEdit,
        response: { 200: ZEnvelope(ZIdResult) },
      },
    },
    async (req, reply) =>
      reply.ok(await vendor.savePackage(req.body), req.body.id ? 'modified' : 'created'),
  );

  app.post(
    '/pk/del',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a package; codes already made stay redeemable',
        body: ZPackageRef,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      await vendor.deletePackage(req.body.id);
      return reply.ok(undefined, 'deleted');
    },
  );

  app.post(
    '/pk/codes',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Make 1-1000 single-use recharge codes of a package (shown once)',
        body: ZMakeCodes,
        response: { 200: ZEnvelope(ZMakeCodesResult) },
      },
    },
    async (req, reply) => reply.ok(await vendor.makeCodes(req.body.packageId, req.body.count)),
  );
};
