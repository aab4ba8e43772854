import { and, eq, gt, sql } from 'drizzle-orm';
import { type Db, consoleLoginCodes } from '../../platform/db/index.ts';

export type LoginCodeRow = typeof consoleLoginCodes.$inferSelect;

/** Console login codes, one per user, stored as hashes. */
export function loginCodeRepository(db: Db) {
  const ofUser = (userId: string) => eq(consoleLoginCodes.userId, userId);
  return {
    async sentSince(userId: string, since: Date): Promise<boolean> {
      const [recent] = await db
        .select({ sentAt: consoleLoginCodes.sentAt })
        .from(consoleLoginCodes)
        .where(and(ofUser(userId), gt(consoleLoginCodes.sentAt, since)));
      return !!recent;
    },
    async put(row: LoginCodeRow) {
      await db
        .insert(consoleLoginCodes)
        .values(row)
        .onConflictDoUpdate({ target: consoleLoginCodes.userId, set: row });
    },
    async findLive(userId: string, now: Date): Promise<LoginCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(consoleLoginCodes)
        .where(and(ofUser(userId), gt(consoleLoginCodes.expiresAt, now)));
      return row;
    },
    async delete(userId: string) {
      await db.delete(consoleLoginCodes).where(ofUser(userId));
    },
    async addTry(userId: string) {
      await db
        .update(consoleLoginCodes)
        .set({ tries: sql`${consoleLoginCodes.tries} + 1` })
        .where(ofUser(userId));
    },
  };
}
