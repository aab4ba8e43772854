import { hash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@edp/shared/constants';
import type { Db } from '../db/index.ts';
import { localCacheBus, type CacheBus, ttlCache } from '../cache/index.ts';
import { sessionRepository, type SessionKind } from './session-repository.ts';

/** Refreshing last-seen at most once a minute keeps a request from costing a write each time. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Resolved sessions are kept this long on the node, so a signed-in call costs no query. Revoking
 * evicts at once here and, through the cache bus (Redis), on the other nodes; without Redis,
 * another node may accept a revoked token until its copy expires (docs/decisions.md "Caches").
 */
export const SESSION_CACHE_MS = 5_000;

export interface Session {
  kind: SessionKind;
  subjectId: string;
  tenantId: string | null;
  tokenHash: string;
}

/** What the cache keeps: enough to apply the idle and absolute limits without the database. */
interface Cached extends Session {
  expiresAt: number;
  lastSeenAt: number;
}

/** Every signed-in call hashes its token: the one-shot `hash` costs a third of a Hash object. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Opaque 256-bit tokens, stored hashed; idle 30 minutes, absolute 12 hours (ARCHITECTURE §8.5). */
export function sessionService(
  db: Db,
  now: () => number = Date.now,
  bus: CacheBus = localCacheBus(),
) {
  const repo = sessionRepository(db);
  const idleSince = () => new Date(now() - SESSION_IDLE_MS);
  const cache = ttlCache<string, Cached>({ max: 10_000, ttlMs: SESSION_CACHE_MS, now });
  // Revocations evict here and, through the bus, on every other node.
  const forgetToken = bus.channel('session', (tokenHash) => cache.delete(tokenHash));
  const forgetSubject = bus.channel('session-subject', (key) => {
    const [kind, subjectId, except] = JSON.parse(key) as [SessionKind, string, string];
    cache.deleteWhere(
      (s) => s.kind === kind && s.subjectId === subjectId && s.tokenHash !== except,
    );
  });
  const forgetTenant = bus.channel('session-tenant', (tenantId) =>
    cache.deleteWhere((s) => s.tenantId === tenantId),
  );

  async function fetchLive(tokenHash: string): Promise<Cached | undefined> {
    const row = await repo.findLive(tokenHash, new Date(now()), idleSince());
    if (!row) return undefined;
    return {
      kind: row.kind,
      subjectId: row.subjectId,
      tenantId: row.tenantId,
      tokenHash,
      expiresAt: row.expiresAt.getTime(),
      lastSeenAt: row.lastSeenAt.getTime(),
    };
  }

  return {
    async create(input: {
      kind: SessionKind;
      subjectId: string;
      tenantId?: string | null;
      ip?: string;
      userAgent?: string;
    }): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await repo.insert({
        tokenHash: hashToken(token),
        kind: input.kind,
        subjectId: input.subjectId,
        tenantId: input.tenantId ?? null,
        createdAt: new Date(now()),
        lastSeenAt: new Date(now()),
        expiresAt: new Date(now() + SESSION_ABSOLUTE_MS),
        ip: input.ip ?? null,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
      });
      return token;
    },

    async resolve(token: string): Promise<Session | undefined> {
      if (!token || token.length > 100) return undefined;
      const tokenHash = hashToken(token);
      const s = await cache.load(tokenHash, () => fetchLive(tokenHash));
      if (!s) return undefined;
      // The limits are applied to the cached copy too, so they stay exact.
      const at = now();
      if (at >= s.expiresAt || at - s.lastSeenAt >= SESSION_IDLE_MS) {
        cache.delete(tokenHash);
        return undefined;
      }
      if (at - s.lastSeenAt > TOUCH_EVERY_MS) {
        s.lastSeenAt = at;
        await repo.touch(tokenHash, new Date(at));
      }
      return { kind: s.kind, subjectId: s.subjectId, tenantId: s.tenantId, tokenHash };
    },

    // Evicted after the write: a lookup that read the row before it then cannot keep it.
    async revoke(tokenHash: string) {
      await repo.revoke(tokenHash);
      forgetToken(tokenHash);
    },
    async revokeAllOf(kind: SessionKind, subjectId: string, exceptTokenHash?: string) {
      await repo.revokeAllOf(kind, subjectId, exceptTokenHash);
      forgetSubject(JSON.stringify([kind, subjectId, exceptTokenHash ?? '']));
    },
    /** Ends the sessions of every user of a console tenant (deactivated or deleted). */
    async revokeTenant(tenantId: string) {
      await repo.revokeTenant(tenantId);
      forgetTenant(tenantId);
    },
    purgeDead: () => repo.purgeDead(new Date(now()), idleSince()),
  };
}

export type SessionService = ReturnType<typeof sessionService>;
