import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope, ZList } from '@edp/shared/contracts/common';
import {
  ZCreated,
  ZIdRequest,
  ZRoleAdd,
  ZRoleEdit,
  ZRoleItem,
  ZRoleListRequest,
} from '@edp/shared/contracts/user';
import { callerOf } from '../../modules/console-auth/require-permission.ts';
import { roleService } from '../../modules/role/role-service.ts';
import { consoleGuard } from '../login/login-helpers.ts';

const tags = ['role'];
const done = { 200: ZEnvelope(ZEmpty) };

/** Roles under /user/role (not named by SPEC §7; docs/console.md). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const roles = roleService(app);

  app.post(
    '/list',
    {
      onRequest: consoleGuard(app, '/user/role/list'),
      schema: {
        tags,
        summary: 'Roles',
        body: ZRoleListRequest,
        response: { 200: ZEnvelope(ZList(ZRoleItem)) },
      },
    },
    async (req, reply) => reply.ok(await roles.list(callerOf(req), req.body)),
  );

  app.post(
    '/add',
    {
      onRequest: consoleGuard(app, '/user/role/add'),
      schema: {
        tags,
        summary: 'Add a role',
        body: ZRoleAdd,
        response: { 200: ZEnvelope(ZCreated) },
      },
    },
    async (req, reply) => reply.ok(await roles.add(callerOf(req), req.body), 'created'),
  );

  app.post(
    '/edit',
    {
      onRequest: consoleGuard(app, '/user/role/edit'),
      schema: { tags, summary: 'Edit a role', body: ZRoleEdit, response: done },
    },
    async (req, reply) => {
      await roles.edit(callerOf(req), req.body);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/del',
    {
      onRequest: consoleGuard(app, '/user/role/del'),
      schema: { tags, summary: 'Delete a role nobody holds', body: ZIdRequest, response: done },
    },
    async (req, reply) => {
      await roles.del(callerOf(req), req.body.id);
      return reply.ok(undefined, 'deleted');
    },
  );
};
