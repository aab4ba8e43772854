import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { LOG_TABLES, WEEK_MS, type LogTable, type LogWeek } from './log-partitions.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const checked = (week: LogWeek) => {
  if (!/^(access|monitor)_logs_w\d{8}$/.test(week.name))
    throw new Error(`not a log week: ${week.name}`);
  return week.name;
};

/**
 * A week on its way out (docs/logs.md "Retention and backup"): the cleanup detaches it from its
 * log first, so that no late event can land in it between its backup and its drop; an insert for
 * its span then finds no week and fails (the engine sends it again later). A backup that fails
 * attaches it again; a node that dies between leaves it detached, and the next cleanup finds it
 * here.
 */
export async function detachWeek(db: Db, week: LogWeek): Promise<void> {
  await db.execute(sql.raw(`alter table "${week.table}" detach partition "${checked(week)}"`));
}

/** Puts a detached week back into its log. */
export async function attachWeek(db: Db, week: LogWeek): Promise<void> {
  await db.execute(
    sql.raw(
      `alter table "${week.table}" attach partition "${checked(week)}" ` +
        `for values from ('${week.from.toISOString()}') to ('${week.to.toISOString()}')`,
    ),
  );
}

/** Weeks of a log that are tables of their own, detached and not yet dropped, oldest first. */
export async function listDetachedWeeks(db: Db, table: LogTable): Promise<LogWeek[]> {
  if (!LOG_TABLES.includes(table)) throw new Error(`not a log: ${table}`);
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where c.relkind = 'r' and not c.relispartition
        and c.relname ~ ${`^${table}_w[0-9]{8}$`}
      order by c.relname`),
  );
  return rows.map(({ name }) => {
    const d = name.slice(-8);
    const from = new Date(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T00:00:00Z`);
    return { table, name, from, to: new Date(from.getTime() + WEEK_MS) };
  });
}
