import type { FastifyInstance } from 'fastify';
import {
  changeCompanyPassword,
  companyCaptcha,
  companyInfo,
  companyLogin,
  companyLogout,
  emailExists,
  registerCompany,
  resetCompanyPassword,
  sendEmailCode,
  sendResetCode,
} from '@edp/shared/api/portal/account.calls';
import { sessionOf, serve, endSession, sendCaptcha } from '../../platform/http/index.ts';
import type { CompanyService } from '../company/index.ts';
import { originOf } from './origin.ts';

/** Portal accounts: /com/n/* (public) and the signed-in /com/my/info, /com/my/pwd. */
export function accountRoutes(app: FastifyInstance, { companies }: { companies: CompanyService }) {
  serve(app, companyCaptcha, (_req, reply) => sendCaptcha(app, reply, 'portal'));
  serve(app, emailExists, async (req) => ({ exists: await companies.exists(req.body.email) }));
  serve(app, sendEmailCode, async (req) => {
    const { email, type, captcha } = req.body;
    await companies.sendCode(email, type, captcha, originOf(req, 'portal'));
  });
  serve(app, sendResetCode, async (req) => {
    await companies.sendCode(req.body.email, 'reset', req.body.captcha, originOf(req, 'portal'));
  });
  serve(app, registerCompany, async (req) => {
    await companies.register(req.body, originOf(req, 'portal'));
  });
  serve(app, companyLogin, (req) => {
    const { email, password, captcha } = req.body;
    return companies.login(email, password, captcha, originOf(req, 'portal'));
  });
  serve(app, companyLogout, (req) => endSession(app, req));
  serve(app, resetCompanyPassword, async (req) => {
    const { email, code, password } = req.body;
    await companies.resetPassword(email, code, password);
  });
  serve(app, companyInfo, (req) => companies.info(sessionOf(req).subjectId));
  serve(app, changeCompanyPassword, async (req) => {
    const s = sessionOf(req);
    await companies.changePassword(s.subjectId, req.body.oldPassword, req.body.newPassword, {
      tokenHash: s.tokenHash,
      ip: req.ip,
    });
  });
}
