import { and, eq, gt } from 'drizzle-orm';
import { type Db, consoleProxies, consoleRoles } from '../../platform/db/index.ts';

/**
 * A read model of the proxies module (console/proxies owns `console_proxies`): the proxy windows
 * the actor cache (access/) and the audit writer read, both in layers below it. Selects only.
 */
export function proxyReadModel(db: Db) {
  return {
    /**
     * The roles a user acts with through proxies now or later (the end, exclusive, still
     * ahead: proxy-window.ts), so that a cached actor knows when its next window opens or closes.
     */
    async currentAndComingRoles(userId: string, now: Date) {
      return db
        .select({
          role: consoleRoles,
          startAt: consoleProxies.startAt,
          endAt: consoleProxies.endAt,
        })
        .from(consoleProxies)
        .innerJoin(consoleRoles, eq(consoleRoles.id, consoleProxies.roleId))
        .where(and(eq(consoleProxies.userId, userId), gt(consoleProxies.endAt, now)));
    },
  };
}
