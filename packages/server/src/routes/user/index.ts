import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope, ZList } from '@edp/shared/contracts/common';
import { ZUserInfo } from '@edp/shared/contracts/login';
import {
  ZBindMyPhone,
  ZCreated,
  ZIdRequest,
  ZMyInfo,
  ZMyPhone,
  ZMyPwd,
  ZUserAdd,
  ZUserEdit,
  ZUserItem,
  ZUserListRequest,
  ZUserMove,
  ZUserResetPwd,
} from '@edp/shared/contracts/user';
import { loginService } from '../../modules/console-auth/login-service.ts';
import { auditFailedChanges, callerOf } from '../../modules/console-auth/require-permission.ts';
import { userInfoOf } from '../../modules/console-auth/user-info.ts';
import { selfService } from '../../modules/user/self-service.ts';
import { userService } from '../../modules/user/user-service.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { consoleGuard, loginContextOf, strictRateLimit } from '../login/login-helpers.ts';
import { groupRoutes } from './groups.ts';
import { proxyRoutes } from './proxies.ts';
import { roleRoutes } from './roles.ts';

const tags = ['user'];
const done = { 200: ZEnvelope(ZEmpty) };

/** Users of the console (SPEC §7 user module), and roles, groups and proxies under /user. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = userService(app);
  const self = selfService(app, loginService(app));
  auditFailedChanges(app);
  await app.register(roleRoutes, { prefix: '/role' });
  await app.register(groupRoutes, { prefix: '/group' });
  await app.register(proxyRoutes, { prefix: '/proxy' });

  app.post(
    '/ug/list',
    {
      onRequest: consoleGuard(app, '/user/ug/list'),
      schema: {
        tags,
        summary: 'Users by group, with search',
        body: ZUserListRequest,
        response: { 200: ZEnvelope(ZList(ZUserItem)) },
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      return app.consoleCache.sendList(reply, caller, 'users', req.body, () =>
        users.list(caller, req.body),
      );
    },
  );

  app.post(
    '/add',
    {
      onRequest: consoleGuard(app, '/user/add'),
      schema: {
        tags,
        summary: 'Add a user',
        body: ZUserAdd,
        response: { 200: ZEnvelope(ZCreated) },
      },
    },
    async (req, reply) => reply.ok(await users.add(callerOf(req), req.body), 'created'),
  );

  app.post(
    '/edit',
    {
      onRequest: consoleGuard(app, '/user/edit'),
      schema: {
        tags,
        summary: 'Edit, disable or re-enable a user',
        body: ZUserEdit,
        response: done,
      },
    },
    async (req, reply) => {
      await users.edit(callerOf(req), req.body);
      return reply.ok(undefined, 'modified');
    },
  );

  const byId = [
    ['/del', '/user/del', 'Delete a user (recoverable)', users.del, 'deleted'],
    ['/recover', '/user/recover', 'Recover a deleted user', users.recover, 'modified'],
    ['/real/del', '/user/real/del', 'Delete a deleted user permanently', users.realDel, 'deleted'],
  ] as const;
  for (const [url, call, summary, run, msg] of byId) {
    app.post(
      url,
      {
        onRequest: consoleGuard(app, call),
        schema: { tags, summary, body: ZIdRequest, response: done },
      },
      async (req, reply) => {
        await run(callerOf(req), req.body.id);
        return reply.ok(undefined, msg);
      },
    );
  }

  app.post(
    '/mv',
    {
      onRequest: consoleGuard(app, '/user/mv'),
      schema: { tags, summary: 'Migrate users to another group', body: ZUserMove, response: done },
    },
    async (req, reply) => {
      await users.move(callerOf(req), req.body);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/edit/pwd',
    {
      onRequest: consoleGuard(app, '/user/edit/pwd'),
      schema: {
        tags,
        summary: "Reset another user's password",
        body: ZUserResetPwd,
        response: done,
      },
    },
    async (req, reply) => {
      await users.resetPassword(callerOf(req), req.body.id, req.body.password);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/my/info',
    {
      onRequest: consoleGuard(app, '/user/my/info'),
      schema: {
        tags,
        summary: 'Who I am: user info, flags and menus',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZUserInfo) },
      },
    },
    async (req, reply) => reply.ok(userInfoOf(callerOf(req).actor)),
  );

  app.post(
    '/update/my-info',
    {
      onRequest: consoleGuard(app, '/user/update/my-info'),
      schema: { tags, summary: 'Change my name', body: ZMyInfo, response: done },
    },
    async (req, reply) => {
      await self.updateName(callerOf(req), req.body.name);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/update/my-pwd',
    {
      onRequest: consoleGuard(app, '/user/update/my-pwd'),
      schema: {
        tags,
        summary: 'Change my password (ends my other sessions)',
        body: ZMyPwd,
        response: done,
      },
    },
    async (req, reply) => {
      const { oldPassword, newPassword } = req.body;
      await self.updatePassword(callerOf(req), oldPassword, newPassword, sessionOf(req).tokenHash);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/update/my-phone',
    {
      onRequest: consoleGuard(app, '/user/update/my-phone'),
      schema: {
        tags,
        summary: 'Change my phone (password required)',
        body: ZMyPhone,
        response: done,
      },
    },
    async (req, reply) => {
      await self.updatePhone(callerOf(req), req.body.password, req.body.phone);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/n/bind/my-phone',
    {
      config: strictRateLimit(app),
      schema: {
        tags,
        summary: 'Before signing in: bind a phone to an account that has none (SMS login)',
        body: ZBindMyPhone,
        response: done,
      },
    },
    async (req, reply) => {
      await self.bindPhoneBeforeLogin(req.body, loginContextOf(req));
      return reply.ok(undefined, 'modified');
    },
  );
};
