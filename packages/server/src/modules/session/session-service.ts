import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@edp/shared/constants';
import type { Db } from '../../db/client.ts';
import { sessionRepository, type SessionKind, type SessionRow } from './session-repository.ts';

/** Refreshing last-seen at most once a minute keeps a request from costing a write each time. */
const TOUCH_EVERY_MS = 60_000;

export interface Session {
  kind: SessionKind;
  subjectId: string;
  tenantId: string | null;
  tokenHash: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opaque 256-bit tokens, stored hashed; idle 30 minutes, absolute 12 hours (ARCHITECTURE §8.5). */
export function sessionService(db: Db, now: () => number = Date.now) {
  const repo = sessionRepository(db);
  const idleSince = () => new Date(now() - SESSION_IDLE_MS);

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
      const row: SessionRow | undefined = await repo.findLive(
        tokenHash,
        new Date(now()),
        idleSince(),
      );
      if (!row) return undefined;
      if (now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS)
        await repo.touch(tokenHash, new Date(now()));
      return { kind: row.kind, subjectId: row.subjectId, tenantId: row.tenantId, tokenHash };
    },

    revoke: (tokenHash: string) => repo.revoke(tokenHash),
    revokeAllOf: (kind: SessionKind, subjectId: string, exceptTokenHash?: string) =>
      repo.revokeAllOf(kind, subjectId, exceptTokenHash),
    purgeDead: () => repo.purgeDead(new Date(now()), idleSince()),
  };
}

export type SessionService = ReturnType<typeof sessionService>;
