import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope, ZList } from '@edp/shared/contracts/common';
import {
  ZCreated,
  ZIdRequest,
  ZProxyAdd,
  ZProxyEdit,
  ZProxyItem,
  ZProxyListRequest,
} from '@edp/shared/contracts/user';
import { callerOf } from '../../modules/console-auth/require-permission.ts';
import { proxyService } from '../../modules/proxy/proxy-service.ts';
import { consoleGuard } from '../login/login-helpers.ts';

const tags = ['proxy'];
const done = { 200: ZEnvelope(ZEmpty) };

/** Proxy users under /user/proxy: another role's permissions for a time window. */
export const proxyRoutes: FastifyPluginAsyncZod = async (app) => {
  const proxies = proxyService(app);

  app.post(
    '/list',
    {
      onRequest: consoleGuard(app, '/user/proxy/list'),
      schema: {
        tags,
        summary: 'Proxies',
        body: ZProxyListRequest,
        response: { 200: ZEnvelope(ZList(ZProxyItem)) },
      },
    },
    async (req, reply) => reply.ok(await proxies.list(callerOf(req), req.body)),
  );

  app.post(
    '/add',
    {
      onRequest: consoleGuard(app, '/user/proxy/add'),
      schema: {
        tags,
        summary: 'Let a user act with a role between two dates',
        body: ZProxyAdd,
        response: { 200: ZEnvelope(ZCreated) },
      },
    },
    async (req, reply) => reply.ok(await proxies.add(callerOf(req), req.body), 'created'),
  );

  app.post(
    '/edit',
    {
      onRequest: consoleGuard(app, '/user/proxy/edit'),
      schema: {
        tags,
        summary: "Change a proxy's role or window",
        body: ZProxyEdit,
        response: done,
      },
    },
    async (req, reply) => {
      await proxies.edit(callerOf(req), req.body);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/del',
    {
      onRequest: consoleGuard(app, '/user/proxy/del'),
      schema: { tags, summary: 'End a proxy', body: ZIdRequest, response: done },
    },
    async (req, reply) => {
      await proxies.del(callerOf(req), req.body.id);
      return reply.ok(undefined, 'deleted');
    },
  );
};
