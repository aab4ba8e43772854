import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { captchaCookie, type CaptchaScope } from '../../modules/captcha/captcha-service.ts';
import type { Origin } from '../../modules/company/company-service.ts';

/**
 * Unauthenticated calls that send mail, test accounts or redeem secrets get 1/60 of the global
 * per-minute budget per address (20 a minute at the default of 1200).
 */
export const sensitiveRateLimit = (app: FastifyInstance) => ({
  rateLimit: {
    max: Math.max(1, Math.ceil(app.config.RATE_LIMIT_PER_MINUTE / 60)),
    timeWindow: 60_000,
  },
});

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

/** GET …/n/get-captcha-img?r=…: a new SVG captcha, bound to this browser by an HttpOnly cookie. */
export function registerCaptchaImage(app: FastifyInstance, scope: CaptchaScope, tag: string) {
  app.get(
    '/n/get-captcha-img',
    { schema: { tags: [tag], summary: 'Captcha image (SVG); the answer stays on the server' } },
    async (_req, reply: FastifyReply) => {
      const { id, svg } = await app.captcha.create();
      reply.setCookie(captchaCookie(scope), id, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/api',
        maxAge: 300,
        secure: app.config.PUBLIC_URL?.startsWith('https:') ?? false,
      });
      reply.header('Cache-Control', 'no-store');
      reply.type('image/svg+xml');
      return reply.send(svg);
    },
  );
}
