import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { captchaCookie, type CaptchaScope } from '../captcha/index.ts';
import { hashToken } from '../sessions/index.ts';

/** Sends a new SVG captcha, bound to this browser by an HttpOnly cookie. */
export async function sendCaptcha(app: FastifyInstance, reply: FastifyReply, scope: CaptchaScope) {
  const { id, svg } = await app.platform.captcha.create(scope);
  reply.setCookie(captchaCookie(scope), id, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api',
    maxAge: 300,
    secure: app.platform.config.PUBLIC_URL?.startsWith('https:') ?? false,
  });
  return reply.header('Cache-Control', 'no-store').type('image/svg+xml').send(svg);
}

/** Ends the X-Token session of a sign-out call (fine without one). */
export async function endSession(app: FastifyInstance, req: FastifyRequest): Promise<undefined> {
  const token = req.headers['x-token'];
  if (typeof token === 'string' && token) await app.platform.sessions.revoke(hashToken(token));
  return undefined;
}
