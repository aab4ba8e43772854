import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The weeks of the engines' logs (docs/logs.md "The logs"). access_logs and monitor_logs are
 * partitioned by range on `at`, one partition a week from Monday 00:00 UTC, named after its
 * first day (`access_logs_w20261123`). Weeks are made when needed: ahead of time by the log
 * maintenance, and by an insert that finds none for its row (`isMissingWeek`). Retention drops whole
 * weeks (`dropWeek`), never rows.
 */
export const LOG_TABLES = ['access_logs', 'monitor_logs'] as const;
export type LogTable = (typeof LOG_TABLES)[number];

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week `t` falls in. */
export function weekOf(t: Date): Date {
  const day = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

/** The partition of `table` that holds the week starting `monday`. */
export function weekName(table: LogTable, monday: Date): string {
  return `${table}_w${monday.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

export interface LogWeek {
  table: LogTable;
  name: string;
  from: Date;
  to: Date;
}

/** PostgreSQL's codes for a relation or type made at once by another session. */
const RACE_CODES = new Set(['42P07', '23505']);
const codeOf = (err: unknown): string | undefined => {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

/** True when an insert found no week for its row (PostgreSQL's check_violation, 23514). */
export function isMissingWeek(err: unknown): boolean {
  return codeOf(err) === '23514';
}

/** Makes every week of both logs from the week of `from` to the week of `to`, where missing. */
export async function ensureWeeks(db: Db, from: Date, to: Date): Promise<void> {
  for (let monday = weekOf(from); monday <= to; monday = new Date(monday.getTime() + WEEK_MS)) {
    const end = new Date(monday.getTime() + WEEK_MS);
    for (const table of LOG_TABLES) {
      const name = weekName(table, monday);
      try {
        await db.execute(
          sql.raw(
            `create table if not exists "${name}" partition of "${table}" ` +
              `for values from ('${monday.toISOString()}') to ('${end.toISOString()}')`,
          ),
        );
      } catch (err) {
        // Another node made it between our look and our make.
        if (!RACE_CODES.has(codeOf(err) ?? '')) throw err;
      }
    }
  }
}

/** The weeks a log holds, oldest first. */
export async function listWeeks(db: Db, table: LogTable): Promise<LogWeek[]> {
  const result = await db.execute(sql`
    select c.relname as name
    from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
    where p.relname = ${table}
    order by c.relname`);
  const { rows } = result as unknown as { rows: { name: string }[] };
  return rows.flatMap(({ name }) => {
    const m = /_w(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (!m) return [];
    const from = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
    return [{ table, name, from, to: new Date(from.getTime() + WEEK_MS) }];
  });
}

/** Drops one week of a log, with every row in it. */
export async function dropWeek(db: Db, week: LogWeek): Promise<void> {
  if (!/^[a-z_]+_w\d{8}$/.test(week.name)) throw new Error(`not a log week: ${week.name}`);
  await db.execute(sql.raw(`drop table if exists "${week.name}"`));
}
