import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleCall } from '@edp/shared/permissions';
import { captchaCookie } from '../../modules/captcha/captcha-service.ts';
import type { LoginContext } from '../../modules/console-auth/login-service.ts';
import { requirePermission } from '../../modules/console-auth/require-permission.ts';

/** Who is signing in from where, with which captcha, for the console login services. */
export function loginContextOf(req: FastifyRequest): LoginContext {
  const userAgent = req.headers['user-agent'];
  return {
    host: req.headers.host,
    ip: req.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
    captchaId: req.cookies[captchaCookie('login')],
    locale: req.locale,
  };
}

/** Unauthenticated calls that try passwords or send codes: 1/60 of the global budget per address. */
export const strictRateLimit = (app: FastifyInstance) => ({
  rateLimit: {
    max: Math.max(1, Math.ceil(app.config.RATE_LIMIT_PER_MINUTE / 60)),
    timeWindow: 60_000,
  },
});

/** The onRequest hooks of a signed-in console call: a user session, then the call's permission. */
export const consoleGuard = (app: FastifyInstance, call: ConsoleCall) => [
  app.requireSession('user'),
  requirePermission(call),
];
