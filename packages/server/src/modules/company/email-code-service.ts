import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { EMAIL_CODE_TTL_MS } from '@edp/shared/constants';
import type { Db } from '../../db/client.ts';
import { emailCodes } from '../../db/schema/index.ts';

export type EmailCodePurpose = 'register' | 'reset';

/** Tries allowed per code, right one included (ARCHITECTURE.md §8 item 4). */
export const EMAIL_CODE_MAX_TRIES = 5;

const hashCode = (email: string, purpose: EmailCodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${email}:${code}`).digest('hex');

/**
 * Six-digit e-mail codes from a CSPRNG, stored hashed, valid 10 minutes, single use, at most 5
 * tries; a new code for the same address and purpose replaces the old one.
 */
export function emailCodeService(db: Db, now: () => number = Date.now) {
  return {
    async issue(email: string, purpose: EmailCodePurpose): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const row = {
        email,
        purpose,
        codeHash: hashCode(email, purpose, code),
        tries: 0,
        expiresAt: new Date(now() + EMAIL_CODE_TTL_MS),
      };
      await db
        .insert(emailCodes)
        .values(row)
        .onConflictDoUpdate({
          target: [emailCodes.email, emailCodes.purpose],
          set: { codeHash: row.codeHash, tries: 0, expiresAt: row.expiresAt },
        });
      return code;
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
