import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/** Alerts per device, hour or day (the top devices by alerts). */
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
