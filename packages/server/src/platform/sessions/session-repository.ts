import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { type Db, sessions } from '../db/index.ts';

export type SessionKind = (typeof sessions.$inferSelect)['kind'];
export type SessionRow = typeof sessions.$inferSelect;

export function sessionRepository(db: Db) {
  return {
    async insert(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },

    /** The live session for a token hash: not revoked, within absolute and idle limits. */
    async findLive(tokenHash: string, at: Date, idleSince: Date): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, at),
            gt(sessions.lastSeenAt, idleSince),
          ),
        )
        .limit(1);
      return row;
    },

    async touch(tokenHash: string, at: Date) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
    },

    async revoke(tokenHash: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },

    /** Ends every session of a subject, except the one given (e.g. after a password reset). */
    async revokeAllOf(kind: SessionKind, subjectId: string, exceptTokenHash?: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.kind, kind),
            eq(sessions.subjectId, subjectId),
            isNull(sessions.revokedAt),
            exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
          ),
        );
    },

    async revokeTenant(tenantId: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt)));
    },

    /** Removes sessions that can no longer be used, so the table does not grow for ever. */
    async purgeDead(at: Date, idleSince: Date) {
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, at),
            lt(sessions.lastSeenAt, idleSince),
            sql`${sessions.revokedAt} is not null`,
          ),
        );
    },
  };
}
