import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none (issue 40): a
 * PGlite that nothing analyzes keeps the planner's statistics of its first minute, and the
 * enrolment's statements grew from 0.3 to 1.4 ms a call as 50,000 engines joined; one that
 * nothing vacuums keeps every dead row and, in the end, runs out of transaction ids.
 *
 * A pass takes the one table most past autovacuum's own thresholds, read from the database's
 * settings (`autovacuum_analyze_threshold` + `autovacuum_analyze_scale_factor` × rows for an
 * analyze, the same with `autovacuum_vacuum_*` for dead rows, and `autovacuum_freeze_max_age`
 * for a table's oldest transaction id), and runs it, at most once a table and action in
 * `autovacuum_naptime` (a minute), as autovacuum visits a database. One table a pass, because
 * PGlite runs one statement at a time and the whole database at once held the server for 0.3 to
 * 1.2 s at 50,000 engines; for the same reason the analyze samples fewer rows than PostgreSQL's
 * default (STATISTICS_TARGET): the plans here need table sizes and key spreads, not fine
 * histograms. The job that runs the passes is in jobs.ts.
 */
export interface AutovacuumPass {
  /** The table worked on, unqualified. */
  table: string;
  action: 'analyze' | 'vacuum';
  /** How far past its threshold it was (changed or dead rows over the threshold). */
  due: number;
  ms: number;
}

/** Rows the analyze samples are 300 × this (PostgreSQL's default target is 100). */
const STATISTICS_TARGET = 10;

interface Candidate {
  table: string;
  rows: number;
  modified: number;
  dead: number;
  xid_age: number;
  analyze_base: number;
  analyze_scale: number;
  vacuum_base: number;
  vacuum_scale: number;
  freeze_max_age: number;
  /** Seconds since the table's last analyze and last vacuum; null when never. */
  analyzed_s: number | null;
  vacuumed_s: number | null;
  naptime_s: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The table a pass should work on now, and how; none when every table is within its thresholds. */
export function dueOf(tables: Candidate[]): Omit<AutovacuumPass, 'ms'> | undefined {
  let best: Omit<AutovacuumPass, 'ms'> | undefined;
  for (const t of tables) {
    const rows = Math.max(0, t.rows);
    // A table's oldest transaction id comes first, whatever else is due: past it, PostgreSQL
    // stops taking writes.
    if (t.xid_age > t.freeze_max_age) return { table: t.table, action: 'vacuum', due: Infinity };
    // The devices' last-seen times change every row each few minutes; a minute between two
    // runs on one table is what PostgreSQL's autovacuum gives them too.
    const rested = (s: number | null) => s === null || s >= t.naptime_s;
    const vacuum = rested(t.vacuumed_s) ? t.dead / (t.vacuum_base + t.vacuum_scale * rows) : 0;
    const analyze = rested(t.analyzed_s)
      ? t.modified / (t.analyze_base + t.analyze_scale * rows)
      : 0;
    const [action, due] =
      vacuum > 1 ? (['vacuum', vacuum] as const) : (['analyze', analyze] as const);
    if (due > 1 && (!best || due > best.due)) best = { table: t.table, action, due };
  }
  return best;
}

export function embeddedAutovacuum(db: Db) {
  return {
    /** Runs the one table most past its thresholds, if any; what it ran, for the log and tests. */
    async pass(): Promise<AutovacuumPass | undefined> {
      const candidates = rowsOf<Candidate>(
        await db.execute(sql`
          select s.relname as "table", c.reltuples::float8 as "rows",
                 s.n_mod_since_analyze::float8 as modified, s.n_dead_tup::float8 as dead,
                 age(c.relfrozenxid)::float8 as xid_age,
                 current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
                 current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale,
                 current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
                 current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
                 current_setting('autovacuum_freeze_max_age')::float8 as freeze_max_age,
                 extract(epoch from now() - s.last_analyze)::float8 as analyzed_s,
                 extract(epoch from now() - s.last_vacuum)::float8 as vacuumed_s,
                 (select setting::float8 from pg_settings
                   where name = 'autovacuum_naptime') as naptime_s
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
          where s.schemaname = current_schema() and c.relkind = 'r'`),
      );
      const due = dueOf(candidates);
      if (!due) return undefined;
      const started = performance.now();
      const table = quoted(due.table);
      if (due.action === 'vacuum') {
        // VACUUM cannot run in a transaction. It leaves the analyze to a later pass (its
        // changed rows stay counted), so that no pass does both at once.
        await db.execute(sql.raw(`vacuum ${table}`));
      } else {
        await db.transaction(async (tx) => {
          await tx.execute(sql.raw(`set local default_statistics_target = ${STATISTICS_TARGET}`));
          await tx.execute(sql.raw(`analyze ${table}`));
        });
      }
      return { ...due, ms: performance.now() - started };
    },
  };
}
export type EmbeddedAutovacuum = ReturnType<typeof embeddedAutovacuum>;
