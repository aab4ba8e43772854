import type { FastifyInstance } from 'fastify';
import {
  autoLoginToken,
  bindPhoneBeforeLogin,
  consoleCaptcha,
  consoleLogin,
  consoleLogout,
  loginSettings,
  resetExpiredPassword,
  saveLoginSettings,
  sendLoginCode,
  tokenLogin,
} from '@edp/shared/api/console/login.calls';
import { callerOf } from './console-guard.ts';
import { sessionOf, serve, sendCaptcha } from '../../platform/http/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { LoginService, SelfService } from '../login/index.ts';
import type { TenantService } from '../tenants/index.ts';
import { loginContextOf } from './login-context.ts';

/** Console sign-in, auto-login link, login settings and logout (docs/product.md §7 login module). */
export function loginRoutes(
  app: FastifyInstance,
  {
    login,
    self,
    tenants,
    audit,
  }: {
    login: LoginService;
    self: SelfService;
    tenants: TenantService;
    audit: AuditService;
  },
) {
  serve(app, consoleCaptcha, (_req, reply) => sendCaptcha(app, reply, 'login'));
  serve(app, consoleLogin, (req) => login.login(req.body, loginContextOf(req)));
  serve(app, resetExpiredPassword, (req) => self.resetExpired(req.body, loginContextOf(req)));
  serve(app, sendLoginCode, async (req) => {
    await login.sendCode(req.body.account, req.body.captcha, loginContextOf(req));
  });
  serve(app, tokenLogin, (req) => login.tokenLogin(req.body.loginToken, loginContextOf(req)));
  serve(app, bindPhoneBeforeLogin, async (req) => {
    await self.bindPhoneBeforeLogin(req.body, loginContextOf(req));
  });

  serve(app, autoLoginToken, async (req) => {
    const caller = callerOf(req);
    const link = await login.autoLoginToken(caller.actor.user, req.body.ng === 1);
    if (req.body.ng === 1) await audit.change(caller, { target: caller.actor.account });
    return link;
  });
  serve(app, loginSettings, (req) => tenants.loginSettings(callerOf(req).actor.tenantId));
  serve(app, saveLoginSettings, async (req) => {
    await tenants.saveLoginSettings(callerOf(req), req.body);
  });
  serve(app, consoleLogout, async (req) => {
    await login.logout(callerOf(req), sessionOf(req).tokenHash);
  });
}
