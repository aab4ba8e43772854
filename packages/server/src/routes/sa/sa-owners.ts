import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope, ZList } from '@edp/shared/contracts/common';
import {
  ZOwnerAct,
  ZOwnerDel,
  ZOwnerEdit,
  ZOwnerItem,
  ZOwnerListRequest,
} from '@edp/shared/contracts/sa-owners';
import { saOwnerService } from '../../modules/tenant/sa-owner-service.ts';

const tags = ['sa'];
const done = { 200: ZEnvelope(ZEmpty) };

/** The console's tenants, for the vendor's super administrator (session kind 'sa'). */
export const saOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const owners = saOwnerService(app);
  const onRequest = app.requireSession('sa');

  app.post(
    '/ows',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Tenants',
        body: ZOwnerListRequest,
        response: { 200: ZEnvelope(ZList(ZOwnerItem)) },
      },
    },
    async (req, reply) => reply.ok(await owners.list(req.body)),
  );

  app.post(
    '/ows/act',
    {
      onRequest,
      schema: { tags, summary: 'Activate or deactivate a tenant', body: ZOwnerAct, response: done },
    },
    async (req, reply) => {
      await owners.activate(req.body.id, req.body.active, req.ip);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/ows/edit',
    {
      onRequest,
      schema: {
        tags,
        summary: "Edit a tenant's domain, names or SMS flag",
        body: ZOwnerEdit,
        response: done,
      },
    },
    async (req, reply) => {
      await owners.edit(req.body, req.ip);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/ows/del',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a tenant and all its console data',
        body: ZOwnerDel,
        response: done,
      },
    },
    async (req, reply) => {
      await owners.del(req.body.id);
      return reply.ok(undefined, 'deleted');
    },
  );
};
