import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReportFormat, ReportKind, ReportStatus } from '@edp/shared/contracts/reports';
import type { Locale } from '@edp/shared/errors';
import { bytea } from './bytea.ts';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/*
 * Report downloads (docs/reports.md): what each tenant has made after each period ends, the
 * reports made (queued, being made, done, failed) and their files, kept in the database in
 * chunks so that any node serves any report (docs/decisions.md "Reports").
 */

/** A tenant's schedule: which periods' reports are made when they end, in which language. */
export const reportSchedules = pgTable('report_schedules', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  daily: boolean('daily').notNull().default(false),
  weekly: boolean('weekly').notNull().default(false),
  monthly: boolean('monthly').notNull().default(false),
  locale: text('locale').$type<Locale>().notNull().default('zh-CN'),
  tz: text('tz').notNull().default('UTC'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * One report of one period. A node claims a queued one (or one whose maker stopped beating:
 * its node died) and makes it, beating `beat_at` with its progress.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReportKind>().notNull(),
    periodFrom: at('period_from').notNull(),
    periodTo: at('period_to').notNull(),
    tz: text('tz').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    bySchedule: boolean('by_schedule').notNull(),
    /** The account that asked for it ('' for the schedule). */
    madeBy: text('made_by').notNull().default(''),
    madeById: uuid('made_by_id'),
    status: text('status').$type<ReportStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** The maker's last sign of life; a report being made without one for long is taken over. */
    beatAt: at('beat_at'),
    tries: integer('tries').notNull().default(0),
    error: text('error').notNull().default(''),
    devices: integer('devices').notNull().default(0),
    pdfBytes: integer('pdf_bytes').notNull().default(0),
    xlsxBytes: integer('xlsx_bytes').notNull().default(0),
    createdAt: at('created_at').notNull(),
    doneAt: at('done_at'),
  },
  (t) => [
    index('reports_list_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    // A period's scheduled report is made once, whichever node sees the period end first.
    uniqueIndex('reports_scheduled_uq')
      .on(t.tenantId, t.kind, t.periodFrom)
      .where(sql`${t.bySchedule}`),
    // The queue: the few reports not yet done, oldest first.
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'making')`),
  ],
);

/** A report's file in chunks (read one at a time when it is downloaded). */
export const reportChunks = pgTable(
  'report_chunks',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    format: text('format').$type<ReportFormat>().notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.format, t.seq] })],
);
