import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE_RESEND_MS, EMAIL_CODE_TTL_MS } from '@edp/shared/constants';
import { PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { emailCodeRepository, type EmailCodePurpose } from './email-code-repository.ts';

export type { EmailCodePurpose };

/** Tries allowed per code, right one included (docs/architecture.md §8 item 4). */
export const EMAIL_CODE_MAX_TRIES = 5;

const hashCode = (email: string, purpose: EmailCodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');

/**
 * Six-digit e-mail codes from a CSPRNG, stored hashed, valid 10 minutes, single use, at most 5
 * tries; a new code for the same address and purpose replaces the old one, but not within a
 * minute of it, so that no one can flood a mailbox through the form.
 */
export function emailCodeService({ db, clock: now }: { db: Db; clock: () => number }) {
  const codes = emailCodeRepository(db);
  return {
    /** A new code, or CodeTooSoon (with the seconds left) within a minute of the last one. */
    async issue(email: string, purpose: EmailCodePurpose): Promise<string> {
      const at = now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const row = {
        email,
        purpose,
        codeHash: hashCode(email, purpose, code),
        expiresAt: new Date(at + EMAIL_CODE_TTL_MS),
      };
      // A code's sending time is its expiry less the TTL; the row is replaced only if that was
      // at least EMAIL_CODE_RESEND_MS ago (atomic: two sends in a race mail one code).
      const sentBefore = new Date(at - EMAIL_CODE_RESEND_MS + EMAIL_CODE_TTL_MS);
      if (await codes.replace(row, sentBefore)) return code;
      const last = await codes.expiryOf(email, purpose);
      const waitMs = (last?.getTime() ?? 0) - sentBefore.getTime();
      throw new AppError(PortalErr.CodeTooSoon, { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
    },

    /** Forgets expired codes (the hourly sweep): the table holds only what can still be used. */
    async purgeExpired(): Promise<void> {
      await codes.deleteExpired(new Date(now()));
    },

    /** True once for the right code; every call spends one try, atomically. */
    async consume(email: string, purpose: EmailCodePurpose, code: string): Promise<boolean> {
      const stored = await codes.spendTry(email, purpose, new Date(now()), EMAIL_CODE_MAX_TRIES);
      if (!stored) return false;
      const given = Buffer.from(hashCode(email, purpose, code));
      if (!timingSafeEqual(given, Buffer.from(stored))) return false;
      // Deleting by hash makes the code single use even when two requests race with it.
      return codes.deleteIfHash(email, purpose, stored);
    },
  };
}

export type EmailCodeService = ReturnType<typeof emailCodeService>;
