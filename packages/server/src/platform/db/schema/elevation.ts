import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AckKind, AckState } from '@edp/shared/contracts/elevation';
import { devices } from './devices.ts';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Elevation and learning-mode requests (docs/elevation.md): asked by a security operator,
 * reviewed by an auditor, carried to the engine by a command once approved.
 */
export const ackRequests = pgTable(
  'ack_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AckKind>().notNull(),
    state: text('state').$type<AckState>().notNull(),
    reason: text('reason').notNull(),
    windowS: integer('window_s').notNull(),
    askedById: uuid('asked_by_id'),
    askedBy: text('asked_by').notNull(),
    /** The asker's own role, and the roles they held by proxy when asking (the review rule). */
    askedRoleId: uuid('asked_role_id'),
    askedProxyRoleIds: uuid('asked_proxy_role_ids').array().notNull(),
    askedAt: at('asked_at').notNull(),
    /** Null: it never expires. */
    expiresAt: at('expires_at'),
    reviewedById: uuid('reviewed_by_id'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    /** Null for a request rejected because nobody reviewed it in time. */
    reviewReason: text('review_reason'),
    validFrom: at('valid_from'),
    validUntil: at('valid_until'),
    endedAt: at('ended_at'),
    /** The command carrying the window to the engine (the commands table; no foreign key). */
    commandId: uuid('command_id'),
  },
  (t) => [
    index('ack_requests_list_idx').on(t.tenantId, t.askedAt.desc(), t.id.desc()),
    index('ack_requests_state_idx').on(t.tenantId, t.state, t.askedAt.desc(), t.id.desc()),
    index('ack_requests_kind_idx').on(t.tenantId, t.kind, t.state, t.askedAt.desc(), t.id.desc()),
    index('ack_requests_device_idx').on(t.deviceId, t.askedAt.desc(), t.id.desc()),
    index('ack_requests_asker_idx').on(t.askedById, t.askedAt.desc(), t.id.desc()),
    index('ack_requests_expiry_idx')
      .on(t.tenantId, t.expiresAt)
      .where(sql`state = 'pending'`),
    check('ack_requests_kind_check', sql`kind in ('elevation', 'learning')`),
    check('ack_requests_state_check', sql`state in ('pending', 'approved', 'rejected')`),
  ],
);

/** A tenant's review settings; a tenant without a row has the defaults (ACK_DEFAULT_SETTINGS). */
export const ackSettings = pgTable('ack_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  maxWindowS: integer('max_window_s').notNull(),
  pendingExpiryHours: integer('pending_expiry_hours').notNull(),
});

/**
 * The console's own Ed25519 signing pair, one row made once: every node signs windows with the
 * same key, which engines were given at enrolment (docs/decisions.md, "The console's window key").
 */
export const consoleKeys = pgTable(
  'console_keys',
  {
    id: integer('id').primaryKey(),
    privatePem: text('private_pem').notNull(),
    publicPem: text('public_pem').notNull(),
    createdAt: at('created_at').notNull(),
  },
  () => [check('console_keys_one_row', sql`id = 1`)],
);
