import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
/** A partitioned log (log-partitions.ts LOG_TABLES; not imported: that module imports the schema). */
type LogTable = 'access_logs' | 'monitor_logs';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/*
 * The logs' retention (docs/logs.md "Retention and backup"): the backups the log maintenance wrote
 * before it dropped a week, and the weeks a restore holds back from the next cleanups.
 */

/**
 * One backup file: one tenant's rows of one week of one log, gzip'd JSON lines under
 * LOG_BACKUP_DIR, with its SHA-256 (also in the `.sha256` file beside it).
 */
export const logBackups = pgTable(
  'log_backups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    log: text('log').$type<LogTable>().notNull(),
    /** The file's path under LOG_BACKUP_DIR (`<tenant id>/<file>`). */
    name: text('name').notNull(),
    weekFrom: at('week_from').notNull(),
    weekTo: at('week_to').notNull(),
    rows: integer('rows').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    uniqueIndex('log_backups_name_idx').on(t.name),
    index('log_backups_tenant_idx').on(t.tenantId, t.at.desc()),
  ],
);

/** A week a restore brought back: the cleanups leave it until `until`. */
export const logWeekHolds = pgTable('log_week_holds', {
  /** The week's partition (`access_logs_w20261102`). */
  name: text('name').primaryKey(),
  until: at('until').notNull(),
  /** The backup restored last into it. */
  file: text('file').notNull(),
});
