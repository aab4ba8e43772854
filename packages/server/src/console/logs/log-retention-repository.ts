import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  logBackups,
  logWeekHolds,
  type Db,
  type LogTable,
  type LogWeek,
} from '../../platform/db/index.ts';
import { tenantReadModel } from '../store/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A week's partition, checked before it is written into SQL (names come from listWeeks). */
const partition = (week: Pick<LogWeek, 'name'>) => {
  if (!/^(access|monitor)_logs_w\d{8}$/.test(week.name))
    throw new Error(`not a log week: ${week.name}`);
  return sql.raw(`"${week.name}"`);
};
const TABLES: Record<LogTable, ReturnType<typeof sql.raw>> = {
  access_logs: sql.raw('access_logs'),
  monitor_logs: sql.raw('monitor_logs'),
};

/** A row's place in a week read in keyset batches: its time as written (microseconds) and id. */
export interface WeekKey {
  at: string;
  id: string;
}

export type LogBackupRecord = typeof logBackups.$inferSelect;
export type NewLogBackup = typeof logBackups.$inferInsert;

/**
 * The logs' retention (docs/logs.md "Retention and backup"): who has rows in a week and those
 * rows in keyset batches (backups), rows put back by a restore, the backups' records, the weeks
 * a restore holds, and the audit log's old entries deleted tenant by tenant.
 */
export function logRetentionRepository(db: Db) {
  return {
    /** The tenants with rows in a week: a loose index scan of (tenant_id, …), one probe each. */
    async tenantsIn(week: LogWeek): Promise<string[]> {
      const p = partition(week);
      return rowsOf<{ tenantId: string }>(
        await db.execute(sql`
          with recursive t(tenant_id) as (
            (select tenant_id from ${p} order by tenant_id limit 1)
            union all
            select (select e.tenant_id from ${p} e where e.tenant_id > t.tenant_id
                    order by e.tenant_id limit 1)
            from t where t.tenant_id is not null
          )
          select tenant_id as "tenantId" from t where tenant_id is not null`),
      ).map((r) => r.tenantId);
    },

    /**
     * Up to `limit` of a tenant's rows in a week after `after`, oldest first, each as the JSON
     * PostgreSQL writes of the whole row (every column, times to the microsecond).
     */
    async weekRows(week: LogWeek, tenantId: string, limit: number, after?: WeekKey) {
      const p = partition(week);
      const from = after
        ? sql`and (at, id) > (${after.at}::timestamptz, ${after.id}::bigint)`
        : sql``;
      // The row's JSON is made for the batch only, after the index gave it in order.
      return rowsOf<{ at: string; id: string; line: string }>(
        await db.execute(sql`
          select to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
            e.id::text as id, row_to_json(e)::text as line
          from (
            select * from ${p}
            where tenant_id = ${tenantId} ${from}
            order by at, id
            limit ${limit}
          ) e
          order by e.at, e.id`),
      );
    },

    /**
     * Gives the planner a week's figures: a week made lately (or detached) has none, and without
     * them it reads a batch by sorting the whole week, or checks a restored row by scanning it.
     */
    async analyze(week: Pick<LogWeek, 'name'>) {
      await db.execute(sql`analyze ${partition(week)}`);
    },

    /**
     * Rows of one tenant's backup put back into their log: those of the tenant and the span
     * only, and none already there (the same tenant, time and id): answers how many went in.
     */
    async restoreRows(
      table: LogTable,
      tenantId: string,
      span: { from: Date; to: Date },
      jsonArray: string,
    ): Promise<number> {
      const t = TABLES[table];
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          with put as (
            insert into ${t}
            select r.* from jsonb_populate_recordset(null::${t}, ${jsonArray}::jsonb) r
            where r.tenant_id = ${tenantId}
              and r.at >= ${span.from.toISOString()}::timestamptz
              and r.at < ${span.to.toISOString()}::timestamptz
              and not exists (
                select 1 from ${t} e
                where e.tenant_id = r.tenant_id and e.at = r.at and e.id = r.id)
            returning 1)
          select count(*)::int as n from put`),
      );
      return row?.n ?? 0;
    },

    /** Whether the tenant is there (the tenants' read model). */
    tenantExists: tenantReadModel(db).exists,

    async addBackup(b: NewLogBackup) {
      await db.insert(logBackups).values(b);
    },
    async backups(tenantId: string, limit: number): Promise<LogBackupRecord[]> {
      return db
        .select()
        .from(logBackups)
        .where(eq(logBackups.tenantId, tenantId))
        .orderBy(desc(logBackups.at), desc(logBackups.id))
        .limit(limit);
    },
    async backupNamed(name: string): Promise<LogBackupRecord | undefined> {
      const [row] = await db.select().from(logBackups).where(eq(logBackups.name, name));
      return row;
    },
    /** A backup recorded with this digest (a copy of it moved or renamed). */
    async backupWithDigest(sha256: string): Promise<LogBackupRecord | undefined> {
      const [row] = await db
        .select()
        .from(logBackups)
        .where(eq(logBackups.sha256, sha256))
        .limit(1);
      return row;
    },

    /** Keeps a week from the cleanups until `until` (the later of this and any hold before). */
    async hold(week: Pick<LogWeek, 'name'>, until: Date, file: string) {
      await db
        .insert(logWeekHolds)
        .values({ name: week.name, until, file })
        .onConflictDoUpdate({
          target: logWeekHolds.name,
          set: { until: sql`greatest(${logWeekHolds.until}, excluded.until)`, file },
        });
    },
    /** The weeks held at `now`; holds past are forgotten. */
    async held(now: Date): Promise<Set<string>> {
      await db.execute(sql`delete from log_week_holds where until <= ${now.toISOString()}`);
      const rows = await db
        .select({ name: logWeekHolds.name })
        .from(logWeekHolds)
        .where(and(gt(logWeekHolds.until, now)));
      return new Set(rows.map((r) => r.name));
    },
  };
}
export type LogRetentionRepository = ReturnType<typeof logRetentionRepository>;
