import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AccessOperation,
  AccessOutcome,
  AlertSource,
  AlertState,
  LogKind,
  MonitorChange,
  MonitorKind,
  TLogRule,
} from '@edp/shared/contracts/logs';
import { devices } from './devices.ts';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/*
 * What the engines report (docs/logs.md). The two logs are append-only and partitioned by week
 * on `at` (PostgreSQL declarative partitions, the same SQL on PGlite: the migration adds
 * PARTITION BY, which drizzle cannot write; platform/db/log-partitions.ts makes the weeks):
 * retention drops whole weeks, never rows. They carry no foreign keys, so that an insert checks
 * nothing elsewhere, and no primary key (a partitioned table's would have to hold `at`): `id`
 * comes from one sequence and (at, id) orders and pages them. An event is stored once by the
 * engine's stream cursor (log_cursors), not by a unique index.
 */

/** Access decisions an engine made: which program, user, file and operation, allowed or not. */
export const accessLogs = pgTable(
  'access_logs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    tenantId: uuid('tenant_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    /** The device's group when the event was stored; null for a device without one. */
    groupId: uuid('group_id'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: at('at').notNull(),
    operation: text('operation').$type<AccessOperation>().notNull(),
    outcome: text('outcome').$type<AccessOutcome>().notNull(),
    program: text('program').notNull(),
    userName: text('user_name').notNull(),
    path: text('path').notNull(),
  },
  (t) => [
    index('access_logs_tenant_idx').on(
      t.tenantId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('access_logs_outcome_idx').on(
      t.tenantId,
      t.outcome,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('access_logs_device_idx').on(
      t.deviceId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('access_logs_group_idx').on(
      t.groupId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Monitoring events: DPI integrity changes and TDE state changes. */
export const monitorLogs = pgTable(
  'monitor_logs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    tenantId: uuid('tenant_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    groupId: uuid('group_id'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: at('at').notNull(),
    kind: text('kind').$type<MonitorKind>().notNull(),
    change: text('change').$type<MonitorChange>().notNull(),
    path: text('path').notNull(),
    /** dpi: the file's SHA-256 now ('' when it is gone). */
    sha256: text('sha256').notNull(),
  },
  (t) => [
    index('monitor_logs_tenant_idx').on(
      t.tenantId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('monitor_logs_device_idx').on(
      t.deviceId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('monitor_logs_group_idx').on(
      t.groupId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Per device, the engine's numbering (`stream`) and the highest number stored with every one
 * below it: a batch stores only what follows, in the transaction that moves it.
 */
export const logCursors = pgTable('log_cursors', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  stream: text('stream').notNull(),
  acked: bigint('acked', { mode: 'number' }).notNull(),
});

/**
 * Alert messages: an event a DPI folder or a filtering rule raised, copied whole so that it
 * outlives the week it was logged in; its state and who last changed it.
 */
export const logAlerts = pgTable(
  'log_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull(),
    groupId: uuid('group_id'),
    at: at('at').notNull(),
    source: text('source').$type<AlertSource>().notNull(),
    ruleName: text('rule_name').notNull().default(''),
    kind: text('kind').$type<LogKind>().notNull(),
    action: text('action').notNull(),
    outcome: text('outcome').notNull().default(''),
    program: text('program').notNull().default(''),
    userName: text('user_name').notNull().default(''),
    path: text('path').notNull(),
    sha256: text('sha256').notNull().default(''),
    state: text('state').$type<AlertState>().notNull().default('new'),
    changedById: uuid('changed_by_id'),
    changedBy: text('changed_by'),
    changedAt: at('changed_at'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('log_alerts_tenant_idx').on(
      t.tenantId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('log_alerts_state_idx').on(
      t.tenantId,
      t.state,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('log_alerts_device_idx').on(
      t.deviceId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('log_alerts_group_idx').on(t.groupId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A tenant's log settings: filtering rules in order, retention, backup, the audit log's own. */
export const logSettings = pgTable('log_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  rules: jsonb('rules')
    .$type<TLogRule[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  rulesBy: text('rules_by'),
  rulesAt: at('rules_at'),
  retentionMonths: integer('retention_months').notNull().default(6),
  backup: boolean('backup').notNull().default(true),
  auditRetentionMonths: integer('audit_retention_months').notNull().default(12),
});
