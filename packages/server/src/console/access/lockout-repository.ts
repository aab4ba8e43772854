import { and, count, eq, gt } from 'drizzle-orm';
import { type Db, loginFailures } from '../../platform/db/index.ts';

/** The tenant's lockout counts failures in the same 15-minute window as the login guard. */
export const LOCK_WINDOW_MS = 15 * 60_000;

export function lockoutRepository(db: Db) {
  return {
    async recentFailures(scope: string, account: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.scope, scope),
            eq(loginFailures.account, account),
            gt(loginFailures.at, new Date(Date.now() - LOCK_WINDOW_MS)),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
