import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { EMAIL_CODE_RESEND_MS, EMAIL_CODE_TTL_MS } from '@edp/shared/constants';
import { PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { type Db, emailCodes } from '../../platform/db/index.ts';

export type EmailCodePurpose = 'register' | 'reset';

/** Tries allowed per code, right one included (docs/architecture.md §8 item 4). */
export const EMAIL_CODE_MAX_TRIES = 5;

const hashCode = (email: string, purpose: EmailCodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');

/**
 * Six-digit e-mail codes from a CSPRNG, stored hashed, valid 10 minutes, single use, at most 5
 * tries; a new code for the same address and purpose replaces the old one, but not within a
 * minute of it, so that no one can flood a mailbox through the form.
 */
export function emailCodeService(db: Db, now: () => number = Date.now) {
  return {
    /** A new code, or CodeTooSoon (with the seconds left) within a minute of the last one. */
    async issue(email: string, purpose: EmailCodePurpose): Promise<string> {
      const at = now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const row = {
        email,
        purpose,
        codeHash: hashCode(email, purpose, code),
        tries: 0,
        expiresAt: new Date(at + EMAIL_CODE_TTL_MS),
      };
      // A code's sending time is its expiry less the TTL; the row is replaced only if that was
      // at least EMAIL_CODE_RESEND_MS ago (atomic: two sends in a race mail one code).
      const sentBefore = new Date(at - EMAIL_CODE_RESEND_MS + EMAIL_CODE_TTL_MS);
      const [stored] = await db
        .insert(emailCodes)
        .values(row)
        .onConflictDoUpdate({
          target: [emailCodes.email, emailCodes.purpose],
          set: { codeHash: row.codeHash, tries: 0, expiresAt: row.expiresAt },
          setWhere: lte(emailCodes.expiresAt, sentBefore),
        })
        .returning({ email: emailCodes.email });
      if (stored) return code;
      const [last] = await db
        .select({ expiresAt: emailCodes.expiresAt })
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)));
      const waitMs = (last?.expiresAt.getTime() ?? 0) - sentBefore.getTime();
      throw new AppError(PortalErr.CodeTooSoon, { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
    },

    /** Forgets expired codes (the hourly sweep): the table holds only what can still be used. */
    async purgeExpired(): Promise<void> {
      await db.delete(emailCodes).where(lte(emailCodes.expiresAt, new Date(now())));
    },

    /** True once for the right code; every call spends one try, atomically. */
    async consume(email: string, purpose: EmailCodePurpose, code: string): Promise<boolean> {
      const where = and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose));
      const [row] = await db
        .update(emailCodes)
        .set({ tries: sql`${emailCodes.tries} + 1` })
        .where(
          and(
            where,
            gt(emailCodes.expiresAt, new Date(now())),
            lt(emailCodes.tries, EMAIL_CODE_MAX_TRIES),
          ),
        )
        .returning({ codeHash: emailCodes.codeHash });
      if (!row) return false;
      const given = Buffer.from(hashCode(email, purpose, code));
      if (!timingSafeEqual(given, Buffer.from(row.codeHash))) return false;
      // Deleting by hash makes the code single use even when two requests race with it.
      const used = await db
        .delete(emailCodes)
        .where(and(where, eq(emailCodes.codeHash, row.codeHash)))
        .returning({ email: emailCodes.email });
      return used.length > 0;
    },
  };
}

export type EmailCodeService = ReturnType<typeof emailCodeService>;
