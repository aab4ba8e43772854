import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type SvgCaptcha from 'svg-captcha';
import { CAPTCHA_TTL_MS } from '@edp/shared/constants';
import type { Db } from '../db/index.ts';
import { captchaRepository } from './captcha-repository.ts';

export type CaptchaScope = 'portal' | 'login' | 'vendor';

/**
 * svg-captcha, loaded at the first captcha rather than at start: it parses its font as it
 * loads (opentype.js), a cost every start paid before any captcha was asked for.
 */
let svgCaptcha: typeof SvgCaptcha | undefined;
const captchaMaker = () =>
  (svgCaptcha ??= createRequire(import.meta.url)('svg-captcha') as typeof SvgCaptcha);

/** The HttpOnly cookie that binds a browser to the captcha it was shown, one per login form. */
export const captchaCookie = (scope: CaptchaScope) => `edp_captcha_${scope}`;

/**
 * What the table keys a captcha by: the hash of its id and of the form it was made for, so a
 * captcha shown on one login form (and its answer) is no use on another.
 */
export const captchaIdHash = (scope: CaptchaScope, id: string) =>
  createHash('sha256').update(`${scope}:${id}`).digest('hex');

/**
 * Server-made captchas: the answer never leaves the server, is checked case-insensitively, is
 * good for one try only (right or wrong) and for 5 minutes. `enabled: false` (CAPTCHA=off)
 * accepts anything, for automated tests.
 */
export function captchaService(db: Db, opts: { enabled: boolean; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const repo = captchaRepository(db);
  return {
    async create(scope: CaptchaScope): Promise<{ id: string; svg: string }> {
      const { text, data } = captchaMaker().create({
        size: 4,
        noise: 2,
        ignoreChars: '0oO1ilI',
        color: true,
        background: '#f0fdff',
      });
      const id = randomBytes(24).toString('base64url');
      await repo.insert(
        captchaIdHash(scope, id),
        text.toLowerCase(),
        new Date(now() + CAPTCHA_TTL_MS),
      );
      // Expired rows are swept on the way, so the table stays as small as the traffic of 5 minutes.
      await repo.deleteExpired(new Date(now()));
      return { id, svg: data };
    },

    /**
     * True when `answer` matches the captcha `id` made for `scope`'s form; the captcha is used up
     * either way. One made for another form is not found: a wrong captcha.
     */
    async verify(
      scope: CaptchaScope,
      id: string | undefined,
      answer: string | undefined,
    ): Promise<boolean> {
      if (!opts.enabled) return true;
      if (!id || !answer) return false;
      const stored = await repo.take(captchaIdHash(scope, id), new Date(now()));
      return stored === answer.trim().toLowerCase();
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
