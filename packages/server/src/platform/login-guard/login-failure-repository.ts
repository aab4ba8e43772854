import { and, count, eq, gt, lt, max } from 'drizzle-orm';
import { type Db, loginFailures } from '../db/index.ts';

/** Failed logins, per scope (sign-in screen) and account, and per scope and source address. */
export function loginFailureRepository(db: Db) {
  return {
    async countForAccount(scope: string, account: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.scope, scope),
            eq(loginFailures.account, account),
            gt(loginFailures.at, since),
          ),
        );
      return row?.n ?? 0;
    },
    /** The failures from one address on one sign-in screen since `since`, and the last one's time. */
    async forAddress(scope: string, ip: string, since: Date) {
      const [row] = await db
        .select({ n: count(), last: max(loginFailures.at) })
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.ip, ip),
            eq(loginFailures.scope, scope),
            gt(loginFailures.at, since),
          ),
        );
      return { count: row?.n ?? 0, last: row?.last ?? undefined };
    },
    async insert(scope: string, account: string, ip: string, at: Date) {
      await db.insert(loginFailures).values({ scope, account, ip, at });
    },
    async deleteBefore(at: Date) {
      await db.delete(loginFailures).where(lt(loginFailures.at, at));
    },
    async deleteForAccount(scope: string, account: string) {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.scope, scope), eq(loginFailures.account, account)));
    },
  };
}
