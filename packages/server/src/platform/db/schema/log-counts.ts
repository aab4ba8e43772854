import {
  bigint,
  bigserial,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CountStream, CountUnit } from '@edp/shared/contracts/overview';

const at = (name: string) => timestamp(name, { withTimezone: true });

/*
 * The data overview's counts (docs/overview.md): the engines' events and alerts counted as they
 * are stored, in the log ingestion's own transaction, so that a chart of 12 months reads a few
 * thousand rows and never the logs. Each count is kept twice: by hour (`unit` 'h', the 24-hour
 * and 7-day charts) and by UTC day ('d', the 30-day and 12-month ones). A device without a group
 * counts under NO_GROUP (a key column cannot be null).
 */

/** Events and alerts per tenant, group, hour or day, and stream. */
export const logCounts = pgTable(
  'log_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    unit: text('unit').$type<CountUnit>().notNull(),
    /** The start of the hour or UTC day. */
    at: at('at').notNull(),
    /** The device's group when the events were stored (as the logs keep it), or NO_GROUP. */
    groupId: uuid('group_id').notNull(),
    stream: text('stream').$type<CountStream>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.unit, t.at, t.groupId, t.stream] })],
);

/**
 * What batches added to `log_counts` and is not folded into it yet: plain inserts in the batch's
 * transaction, so that the batches of a group's devices never queue on the counts' rows; folded
 * every second (console/logs/log-count-folder.ts), read with them until then.
 */
export const logCountDeltas = pgTable(
  'log_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    unit: text('unit').$type<CountUnit>().notNull(),
    at: at('at').notNull(),
    groupId: uuid('group_id').notNull(),
    stream: text('stream').$type<CountStream>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('log_count_deltas_tenant_idx').on(t.tenantId, t.unit, t.at)],
);

/**
 * Alerts per device, hour or day (the top devices by alerts). Upserted in the batch's
 * transaction: its rows are the device's own, whose batches already queue on its cursor.
 */
export const alertCounts = pgTable(
  'alert_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    unit: text('unit').$type<CountUnit>().notNull(),
    at: at('at').notNull(),
    groupId: uuid('group_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.unit, t.at, t.groupId, t.deviceId] })],
);
