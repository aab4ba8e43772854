import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_TTL_MS } from '@edp/shared/constants';
import { type Db, captchas } from '../db/index.ts';

export type CaptchaScope = 'com' | 'login' | 'sa';

/** The HttpOnly cookie that binds a browser to the captcha it was shown, one per login form. */
export const captchaCookie = (scope: CaptchaScope) => `edp_captcha_${scope}`;

const hash = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * Server-made captchas: the answer never leaves the server, is checked case-insensitively, is
 * good for one try only (right or wrong) and for 5 minutes. `enabled: false` (CAPTCHA=off)
 * accepts anything, for automated tests.
 */
export function captchaService(db: Db, opts: { enabled: boolean; now?: () => number }) {
  const now = opts.now ?? Date.now;
  return {
    async create(): Promise<{ id: string; svg: string }> {
      const { text, data } = svgCaptcha.create({
        size: 4,
        noise: 2,
        ignoreChars: '0oO1ilI',
        color: true,
        background: '#f0fdff',
      });
      const id = randomBytes(24).toString('base64url');
      await db.insert(captchas).values({
        idHash: hash(id),
        answer: text.toLowerCase(),
        expiresAt: new Date(now() + CAPTCHA_TTL_MS),
      });
      // Expired rows are swept on the way, so the table stays as small as the traffic of 5 minutes.
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now())));
      return { id, svg: data };
    },

    /** True when `answer` matches the captcha `id`; the captcha is used up either way. */
    async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!opts.enabled) return true;
      if (!id || !answer) return false;
      const [row] = await db
        .delete(captchas)
        .where(and(eq(captchas.idHash, hash(id)), gt(captchas.expiresAt, new Date(now()))))
        .returning({ answer: captchas.answer });
      return !!row && row.answer === answer.trim().toLowerCase();
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
