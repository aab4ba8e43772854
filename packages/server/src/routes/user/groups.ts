import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import {
  ZCreated,
  ZGroupAdd,
  ZGroupEdit,
  ZGroupEscrow,
  ZGroupList,
  ZIdRequest,
} from '@edp/shared/contracts/user';
import { callerOf } from '../../modules/console-auth/require-permission.ts';
import { groupService } from '../../modules/group/group-service.ts';
import { consoleGuard } from '../login/login-helpers.ts';

const tags = ['group'];
const done = { 200: ZEnvelope(ZEmpty) };

/** The group tree under /user/group (not named by SPEC §7; docs/console.md). */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const groups = groupService(app);

  app.post(
    '/list',
    {
      onRequest: consoleGuard(app, '/user/group/list'),
      schema: {
        tags,
        summary: 'The group tree (flat, parents first)',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZGroupList) },
      },
    },
    async (req, reply) => reply.ok(await groups.list(callerOf(req))),
  );

  app.post(
    '/add',
    {
      onRequest: consoleGuard(app, '/user/group/add'),
      schema: {
        tags,
        summary: 'Add a group',
        body: ZGroupAdd,
        response: { 200: ZEnvelope(ZCreated) },
      },
    },
    async (req, reply) => reply.ok(await groups.add(callerOf(req), req.body), 'created'),
  );

  app.post(
    '/edit',
    {
      onRequest: consoleGuard(app, '/user/group/edit'),
      schema: { tags, summary: 'Rename or edit a group', body: ZGroupEdit, response: done },
    },
    async (req, reply) => {
      await groups.edit(callerOf(req), req.body);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/del',
    {
      onRequest: consoleGuard(app, '/user/group/del'),
      schema: {
        tags,
        summary: 'Delete a group without subgroups, devices, roles or users',
        body: ZIdRequest,
        response: done,
      },
    },
    async (req, reply) => {
      await groups.del(callerOf(req), req.body.id);
      return reply.ok(undefined, 'deleted');
    },
  );

  app.post(
    '/escrow',
    {
      onRequest: consoleGuard(app, '/user/group/escrow'),
      schema: {
        tags,
        summary: "Escrow a group's devices to an upper-tier or sibling group",
        body: ZGroupEscrow,
        response: done,
      },
    },
    async (req, reply) => {
      await groups.escrow(callerOf(req), req.body);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/escrow/del',
    {
      onRequest: consoleGuard(app, '/user/group/escrow/del'),
      schema: { tags, summary: "End a group's escrow", body: ZIdRequest, response: done },
    },
    async (req, reply) => {
      await groups.cancelEscrow(callerOf(req), req.body.id);
      return reply.ok(undefined, 'modified');
    },
  );
};
