import { and, count, eq, gt, lt } from 'drizzle-orm';
import { type Db, loginFailures } from '../db/index.ts';

/** Failed logins, per scope and account and per source address. */
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
    async countForAddress(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
      return row?.n ?? 0;
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
