import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Signed-in sessions of every kind (portal company, console user, vendor super administrator).
 * Only the SHA-256 of the opaque token is stored (docs/architecture.md §8 item 5).
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['company', 'user', 'vendor'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    tenantId: uuid('tenant_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_subject_idx').on(t.kind, t.subjectId)],
);
