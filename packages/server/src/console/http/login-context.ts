import type { FastifyRequest } from 'fastify';
import { captchaCookie } from '../../platform/captcha/index.ts';
import type { LoginContext } from '../login/index.ts';

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
