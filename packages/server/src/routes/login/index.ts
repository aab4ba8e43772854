import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import {
  ZGetToken,
  ZLoginRequest,
  ZLoginResult,
  ZLoginSettings,
  ZLoginToken,
  ZResetExpiredPwd,
  ZSendCode,
  ZTokenLogin,
} from '@edp/shared/contracts/login';
import { captchaCookie } from '../../modules/captcha/captcha-service.ts';
import { loginService } from '../../modules/console-auth/login-service.ts';
import { auditFailedChanges, callerOf } from '../../modules/console-auth/require-permission.ts';
import { auditService } from '../../modules/audit/audit-service.ts';
import { tenantService } from '../../modules/tenant/tenant-service.ts';
import { selfService } from '../../modules/user/self-service.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { consoleGuard, loginContextOf, strictRateLimit } from './login-helpers.ts';

const tags = ['login'];

/** Console sign-in, auto-login link, login settings and logout (SPEC §7 login module). */
export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const login = loginService(app);
  const self = selfService(app, login);
  const tenants = tenantService(app.db);
  const limited = strictRateLimit(app);
  auditFailedChanges(app);

  app.get(
    '/n/get-captcha-img',
    { schema: { tags, summary: 'Captcha image (SVG); the answer stays on the server' } },
    async (_req, reply) => {
      const { id, svg } = await app.captcha.create();
      reply.setCookie(captchaCookie('login'), id, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/api',
        maxAge: 300,
        secure: app.config.PUBLIC_URL?.startsWith('https:') ?? false,
      });
      return reply.header('Cache-Control', 'no-store').type('image/svg+xml').send(svg);
    },
  );

  app.post(
    '/n/login',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Sign in to the console of the tenant served on this host',
        body: ZLoginRequest,
        response: { 200: ZEnvelope(ZLoginResult) },
      },
    },
    async (req, reply) => reply.ok(await login.login(req.body, loginContextOf(req)), 'loggedIn'),
  );

  app.post(
    '/n/reset/expire/pwd',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Change an expired (or administrator-set) password, then sign in again',
        body: ZResetExpiredPwd,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      await self.resetExpired(req.body, loginContextOf(req));
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/n/send/code',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Send a login code by SMS or e-mail, where the tenant enables it',
        body: ZSendCode,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      await login.sendCode(req.body.account, req.body.captcha, loginContextOf(req));
      return reply.ok(undefined, 'sent');
    },
  );

  app.post(
    '/n/token/login',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Sign in with an auto-login link token',
        body: ZTokenLogin,
        response: { 200: ZEnvelope(ZLoginResult) },
      },
    },
    async (req, reply) =>
      reply.ok(await login.tokenLogin(req.body.loginToken, loginContextOf(req)), 'loggedIn'),
  );

  app.post(
    '/gt',
    {
      onRequest: consoleGuard(app, '/login/gt'),
      schema: {
        tags,
        summary: 'My auto-login token: ng 0 gets it, ng 1 makes a new one',
        body: ZGetToken,
        response: { 200: ZEnvelope(ZLoginToken) },
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const loginToken = await login.autoLoginToken(caller.actor.user, req.body.ng === 1);
      if (req.body.ng === 1)
        await auditService(app.db).change(caller, { target: caller.actor.account });
      return reply.ok({ loginToken });
    },
  );

  app.post(
    '/s/get-set',
    {
      onRequest: consoleGuard(app, '/login/s/get-set'),
      schema: {
        tags,
        summary: 'Login settings',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZLoginSettings) },
      },
    },
    async (req, reply) => reply.ok(await tenants.loginSettings(callerOf(req).actor.tenantId)),
  );

  app.post(
    '/s/set',
    {
      onRequest: consoleGuard(app, '/login/s/set'),
      schema: {
        tags,
        summary: 'Change the login settings: captcha, password policy, expiry, lockout, codes',
        body: ZLoginSettings,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      await tenants.saveLoginSettings(callerOf(req), req.body);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/login/out',
    {
      onRequest: consoleGuard(app, '/login/login/out'),
      schema: { tags, summary: 'Sign out', body: ZEmpty, response: { 200: ZEnvelope(ZEmpty) } },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      await app.sessions.revoke(sessionOf(req).tokenHash);
      await auditService(app.db).change(caller, { target: caller.actor.account });
      return reply.ok(undefined, 'loggedOut');
    },
  );
};
