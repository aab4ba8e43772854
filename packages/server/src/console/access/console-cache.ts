import type { Db } from '../../platform/db/index.ts';
import { answerCache, type CacheBus, ttlCache } from '../../platform/cache/index.ts';
import { loadActor, type Actor } from './actor.ts';

/**
 * How long a node keeps a console actor or a list page. A change evicts the tenant's entries at
 * once here and, through the cache bus (Redis), on the other nodes; without Redis, another node
 * sees it when its copy expires (docs/decisions.md "Caches").
 */
export const CONSOLE_CACHE_MS = 5_000;

/**
 * What every console call would otherwise read again: the actor (user, role, proxies, role
 * groups: three queries) and the pages of the user list (a count over the whole tenant), the
 * latter kept as the bytes sent (platform/cache/answer-cache.ts).
 * Anything that changes users, roles, groups, proxies or a tenant calls `changed(tenantId)`:
 * the console routes do it for every changing call that ran (`auditFailedChanges`), the login and
 * vendor services where they change a user or a tenant.
 */
export function consoleCache({
  db,
  clock: now,
  bus,
}: {
  db: Db;
  clock: () => number;
  bus: CacheBus;
}) {
  const actors = ttlCache<string, Actor>({ max: 5_000, ttlMs: CONSOLE_CACHE_MS, now });
  const lists = answerCache({ max: 2_000, ttlMs: CONSOLE_CACHE_MS, now });
  // Here and, through the bus, on every other node.
  const forgetTenant = bus.channel('console', (tenantId) => {
    const prefix = `${tenantId}/`;
    actors.deleteWhere((_, key) => key.startsWith(prefix));
    lists.changed(tenantId);
  });

  return {
    /** The actor of a session; undefined (and not kept) when the user may not act. */
    actor(userId: string, tenantId: string): Promise<Actor | undefined> {
      return actors.load(
        `${tenantId}/${userId}`,
        () => loadActor(db, userId, tenantId, new Date(now())),
        // A proxy window opening or closing ends the copy, so proxies stay exact.
        (a) => (a.changesAt === null ? CONSOLE_CACHE_MS : a.changesAt - now()),
      );
    },

    /** List pages as sent (console/http/send-list.ts), per tenant. */
    lists,

    /** Forgets the tenant's actors and list pages after a change (or an attempted one). */
    changed(tenantId: string) {
      forgetTenant(tenantId);
    },
  };
}

export type ConsoleCache = ReturnType<typeof consoleCache>;
