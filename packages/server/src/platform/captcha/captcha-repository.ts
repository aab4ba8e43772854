import { and, eq, gt, lt } from 'drizzle-orm';
import { type Db, captchas } from '../db/index.ts';

/** Captchas by the hash of their id. */
export function captchaRepository(db: Db) {
  return {
    async insert(idHash: string, answer: string, expiresAt: Date) {
      await db.insert(captchas).values({ idHash, answer, expiresAt });
    },
    async deleteExpired(now: Date) {
      await db.delete(captchas).where(lt(captchas.expiresAt, now));
    },
    /** Removes a live captcha and gives its answer: each can be tried once. */
    async take(idHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .delete(captchas)
        .where(and(eq(captchas.idHash, idHash), gt(captchas.expiresAt, now)))
        .returning({ answer: captchas.answer });
      return row?.answer;
    },
  };
}
