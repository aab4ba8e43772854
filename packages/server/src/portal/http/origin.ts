import type { FastifyRequest } from 'fastify';
import type { Origin } from '../company/index.ts';
import { captchaCookie, type CaptchaScope } from '../../platform/captcha/index.ts';

/** Who is asking, and with which captcha, for the account services. */
export function originOf(req: FastifyRequest, scope: CaptchaScope): Origin {
  const userAgent = req.headers['user-agent'];
  return {
    ip: req.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
    locale: req.locale,
    captchaId: req.cookies[captchaCookie(scope)],
  };
}
