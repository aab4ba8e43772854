import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import { ZSaCheckResult, ZSaInit, ZSaLogin, ZSaLoginResult } from '@edp/shared/contracts/sa';
import { vendorService } from '../../modules/vendor/vendor-service.ts';
import { hashToken } from '../../modules/session/session-service.ts';
import { originOf, registerCaptchaImage, sensitiveRateLimit } from '../com/route-helpers.ts';

const tags = ['sa'];

/** Vendor sign-in: first set-up, login and logout under /sa/n/*. */
export const saAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendor = vendorService(app);

  registerCaptchaImage(app, 'sa', 'sa');

  app.post(
    '/n/check',
    {
      schema: {
        tags,
        summary: 'Has the super administrator been set up?',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZSaCheckResult) },
      },
    },
    async (_req, reply) => reply.ok({ initialized: await vendor.isInitialized() }),
  );

  app.post(
    '/n/init',
    {
      config: sensitiveRateLimit(app),
      schema: {
        tags,
        summary: 'Create the super administrator; refused once one exists',
        body: ZSaInit,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      await vendor.init(req.body.account, req.body.password);
      return reply.ok(undefined, 'created');
    },
  );

  app.post(
    '/n/login',
    {
      schema: {
        tags,
        summary: 'Super administrator sign-in (captcha, lockout as for companies)',
        body: ZSaLogin,
        response: { 200: ZEnvelope(ZSaLoginResult) },
      },
    },
    async (req, reply) => {
      const { account, password, captcha } = req.body;
      return reply.ok(
        await vendor.login(account, password, captcha, originOf(req, 'sa')),
        'loggedIn',
      );
    },
  );

  app.post(
    '/n/loginout',
    {
      schema: {
        tags,
        summary: 'Sign out: ends the X-Token session (fine without one)',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      const token = req.headers['x-token'];
      if (typeof token === 'string' && token) await app.sessions.revoke(hashToken(token));
      return reply.ok(undefined, 'loggedOut');
    },
  );
};
