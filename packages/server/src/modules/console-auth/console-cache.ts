import type { Db } from '../../db/client.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { loadActor, type Actor } from './actor.ts';

/**
 * How long this node keeps a console actor or a list page. A change on this node evicts the
 * tenant's entries at once; another node sees it when its copy expires (docs/decisions.md
 * "Caches").
 */
export const CONSOLE_CACHE_MS = 5_000;

/**
 * What every console call would otherwise read again: the actor (user, role, proxies, role
 * groups: three queries) and the pages of the user list (a count over the whole tenant).
 * Anything that changes users, roles, groups, proxies or a tenant calls `changed(tenantId)`:
 * the console routes do it for every changing call (`auditFailedChanges`), the login and
 * vendor services where they change a user or a tenant.
 */
export function consoleCache(db: Db, now: () => number = Date.now) {
  const actors = ttlCache<string, Actor>({ max: 5_000, ttlMs: CONSOLE_CACHE_MS, now });
  const lists = ttlCache<string, { tenantId: string; value: unknown }>({
    max: 2_000,
    ttlMs: CONSOLE_CACHE_MS,
    now,
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

    /** A list answer of a tenant, by a key that holds everything the answer depends on. */
    async list<T>(tenantId: string, key: string, fetch: () => Promise<T>): Promise<T> {
      const hit = await lists.load(`${tenantId}/${key}`, async () => ({
        tenantId,
        value: await fetch(),
      }));
      return hit!.value as T;
    },

    /** Forgets the tenant's actors and list pages after a change (or an attempted one). */
    changed(tenantId: string) {
      const prefix = `${tenantId}/`;
      actors.deleteWhere((_, key) => key.startsWith(prefix));
      lists.deleteWhere((entry) => entry.tenantId === tenantId);
    },
  };
}

export type ConsoleCache = ReturnType<typeof consoleCache>;
