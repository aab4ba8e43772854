import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import { type Db, emailCodes } from '../../platform/db/index.ts';

export type EmailCodePurpose = 'register' | 'reset';

/** E-mail codes, one live row per address and purpose, stored as hashes. */
export function emailCodeRepository(db: Db) {
  const byAddress = (email: string, purpose: EmailCodePurpose) =>
    and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose));
  return {
    /**
     * Stores a code unless the one there was sent after `sentBefore` (atomic: two sends in a
     * race store one code). False when the earlier code stays.
     */
    async replace(
      row: { email: string; purpose: EmailCodePurpose; codeHash: string; expiresAt: Date },
      sentBefore: Date,
    ): Promise<boolean> {
      const [stored] = await db
        .insert(emailCodes)
        .values({ ...row, tries: 0 })
        .onConflictDoUpdate({
          target: [emailCodes.email, emailCodes.purpose],
          set: { codeHash: row.codeHash, tries: 0, expiresAt: row.expiresAt },
          setWhere: lte(emailCodes.expiresAt, sentBefore),
        })
        .returning({ email: emailCodes.email });
      return !!stored;
    },
    async expiryOf(email: string, purpose: EmailCodePurpose): Promise<Date | undefined> {
      const [last] = await db
        .select({ expiresAt: emailCodes.expiresAt })
        .from(emailCodes)
        .where(byAddress(email, purpose));
      return last?.expiresAt;
    },
    async deleteExpired(now: Date) {
      await db.delete(emailCodes).where(lte(emailCodes.expiresAt, now));
    },
    /** Spends one try of a live code with tries left, atomically; its hash, or undefined. */
    async spendTry(
      email: string,
      purpose: EmailCodePurpose,
      now: Date,
      maxTries: number,
    ): Promise<string | undefined> {
      const [row] = await db
        .update(emailCodes)
        .set({ tries: sql`${emailCodes.tries} + 1` })
        .where(
          and(
            byAddress(email, purpose),
            gt(emailCodes.expiresAt, now),
            lt(emailCodes.tries, maxTries),
          ),
        )
        .returning({ codeHash: emailCodes.codeHash });
      return row?.codeHash;
    },
    /** Deletes the code if it still has this hash; true for the one caller that did. */
    async deleteIfHash(email: string, purpose: EmailCodePurpose, codeHash: string) {
      const used = await db
        .delete(emailCodes)
        .where(and(byAddress(email, purpose), eq(emailCodes.codeHash, codeHash)))
        .returning({ email: emailCodes.email });
      return used.length > 0;
    },
  };
}
