import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope } from '@edp/shared/contracts/common';
import {
  ZChangePassword,
  ZCheckEmail,
  ZCheckEmailResult,
  ZCompanyInfo,
  ZLogin,
  ZLoginResult,
  ZRegister,
  ZResetCodeRequest,
  ZResetPassword,
  ZSendEmailCode,
} from '@edp/shared/contracts/com';
import { sessionOf } from '../../plugins/auth.ts';
import { companyService } from '../../modules/company/company-service.ts';
import { hashToken } from '../../modules/session/session-service.ts';
import { originOf, registerCaptchaImage, sensitiveRateLimit } from './route-helpers.ts';

const tags = ['com'];
const security = [{ token: [] }];

/** Portal accounts: /com/n/* (public) and the signed-in /com/my/info, /com/my/pwd. */
export const comAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const companies = companyService(app);
  const limited = sensitiveRateLimit(app);
  const signedIn = app.requireSession('company');

  registerCaptchaImage(app, 'com', 'com');

  app.post(
    '/n/ce',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Is the e-mail registered?',
        body: ZCheckEmail,
        response: { 200: ZEnvelope(ZCheckEmailResult) },
      },
    },
    async (req, reply) => reply.ok({ exists: await companies.exists(req.body.email) }),
  );

  app.post(
    '/n/send/email',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Mail a 6-digit code for registration or password reset (captcha first)',
        body: ZSendEmailCode,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      const { email, type, captcha } = req.body;
      await companies.sendCode(email, type, captcha, originOf(req, 'com'));
      return reply.ok(undefined, 'sent');
    },
  );

  app.post(
    '/n/reset/pwd/code',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Mail a password reset code (same as send/email with type reset)',
        body: ZResetCodeRequest,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      await companies.sendCode(req.body.email, 'reset', req.body.captcha, originOf(req, 'com'));
      return reply.ok(undefined, 'sent');
    },
  );

  app.post(
    '/n/reg',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Register a company with the e-mailed code',
        body: ZRegister,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      await companies.register(req.body, originOf(req, 'com'));
      return reply.ok(undefined, 'created');
    },
  );

  app.post(
    '/n/login',
    {
      schema: {
        tags,
        summary: 'Sign in; 10 failures in 15 minutes lock the account for 15 minutes',
        body: ZLogin,
        response: { 200: ZEnvelope(ZLoginResult) },
      },
    },
    async (req, reply) => {
      const { email, password, captcha } = req.body;
      const result = await companies.login(email, password, captcha, originOf(req, 'com'));
      return reply.ok(result, 'loggedIn');
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

  app.post(
    '/n/reset/pwd',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed code; ends all sessions of the company',
        body: ZResetPassword,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      const { email, code, password } = req.body;
      await companies.resetPassword(email, code, password);
      return reply.ok(undefined, 'modified');
    },
  );

  app.post(
    '/my/info',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'The signed-in company',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZCompanyInfo) },
      },
    },
    async (req, reply) => reply.ok(await companies.info(sessionOf(req).subjectId)),
  );

  app.post(
    '/my/pwd',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: "Change the password; the company's other sessions end",
        body: ZChangePassword,
        response: { 200: ZEnvelope(ZEmpty) },
      },
    },
    async (req, reply) => {
      const s = sessionOf(req);
      await companies.changePassword(
        s.subjectId,
        req.body.oldPassword,
        req.body.newPassword,
        s.tokenHash,
      );
      return reply.ok(undefined, 'modified');
    },
  );
};
