import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TDeliveryStatus, TWarningChannel } from '@edp/shared/contracts/notify';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/*
 * SMS and warnings (docs/notifications.md). A tenant's settings are one row; the gateway's and
 * the webhook's secrets in them are sealed (AES-256-GCM under a key of their own, derived from
 * CONSOLE_KEY_SECRET: a copy of the database alone cannot read them).
 */
export const notifySettings = pgTable('notify_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** The SMS gateway as console/notify/sms-settings.ts stores it (secrets sealed). */
  sms: jsonb('sms')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{"mode":"off"}'::jsonb`),
  smsBy: text('sms_by'),
  smsAt: at('sms_at'),
  /** The warning settings (the webhook's secret sealed); null: the defaults. */
  warn: jsonb('warn').$type<Record<string, unknown>>(),
  warnBy: text('warn_by'),
  warnAt: at('warn_at'),
});

/**
 * A warning: a cause (a licence ending, a device silent, a DPI alert, a failed task, a request
 * under review) about one subject, open until its cause is gone. Each message about it counts in
 * `sent_count`, at most the tenant's most reminders, at least its least interval apart.
 */
export const warnings = pgTable(
  'warnings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    cause: text('cause').notNull(),
    /** What it is about, unique among a tenant's open warnings of a cause (a device id, …). */
    subject: text('subject').notNull(),
    /** The subject as people read it (a device's name, a task's name). */
    label: text('label').notNull(),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    openedAt: at('opened_at').notNull(),
    lastSentAt: at('last_sent_at'),
    sentCount: integer('sent_count').notNull().default(0),
    /** Set when its cause is gone (or, for a one-off cause, when its last message is made). */
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('warnings_open_idx')
      .on(t.tenantId, t.cause, t.subject)
      .where(sql`${t.closedAt} is null`),
    // A one-off cause (a failed task) is warned about once ever: looked up closed or open.
    index('warnings_subject_idx').on(t.tenantId, t.cause, t.subject),
    // The notifier's scan: open warnings, the never-sent first.
    index('warnings_due_idx')
      .on(t.lastSentAt.nullsFirst())
      .where(sql`${t.closedAt} is null`),
  ],
);

/**
 * How far the notifier has read a source that only grows (alerts by id, tasks by their update):
 * one row a source, moved by whichever node runs the notifier.
 */
export const notifyCursors = pgTable('notify_cursors', {
  source: text('source').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
});

/** One message of one channel to one recipient: sent, retried with back-off, or given up. */
export const warningDeliveries = pgTable(
  'warning_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<TWarningChannel>().notNull(),
    /** The phone, the e-mail address or the webhook's address. */
    target: text('target').notNull(),
    /** What is sent: the SMS text, the mail's text, the webhook's JSON. */
    body: text('body').notNull(),
    /** One line a warning, for the delivery log. */
    summary: text('summary').notNull(),
    causes: jsonb('causes').$type<string[]>().notNull(),
    status: text('status').$type<TDeliveryStatus>().notNull().default('pending'),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    /** When a node may try it next (a node trying it holds it a while: see notifier.ts). */
    nextAt: at('next_at'),
  },
  (t) => [
    index('warning_deliveries_due_idx')
      .on(t.nextAt)
      .where(sql`${t.status} = 'pending'`),
    index('warning_deliveries_tenant_idx').on(t.tenantId, t.id.desc()),
  ],
);
