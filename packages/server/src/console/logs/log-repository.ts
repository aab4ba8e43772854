import { sql, type SQL } from 'drizzle-orm';
import type { LogKind } from '@edp/shared/contracts/logs';
import {
  accessLogs,
  containsPattern,
  logAlerts,
  monitorLogs,
  ensureWeeks,
  isMissingWeek,
  type Db,
  uuidArray,
} from '../../platform/db/index.ts';
import { deviceGroupSql, deviceNamesSql, groupNamesSql } from '../store/index.ts';
import { logCountRepository } from './log-count-repository.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type AccessRow = typeof accessLogs.$inferInsert;
export type MonitorRow = typeof monitorLogs.$inferInsert;
export type AlertRow = typeof logAlerts.$inferInsert;

/** A device's place in its stream, read and locked by `append`. */
export interface LogCursor {
  /** null: the device has sent nothing yet. */
  stream: string | null;
  acked: number;
  groupId: string | null;
}

/** What one batch stores, planned from the cursor it found. */
export interface LogPlan {
  /** The stream and number the cursor moves to. */
  stream: string;
  acked: number;
  access: AccessRow[];
  monitor: MonitorRow[];
  alerts: AlertRow[];
  /** The span of times the rows hold (their weeks must exist). */
  span: { from: Date; to: Date } | null;
}

/** What a log page is filtered by; `groups` null: every group of the tenant. */
export interface LogWhere {
  tenantId: string;
  from: Date;
  to: Date;
  groups: string[] | null;
  deviceId?: string | undefined;
  keyword?: string | undefined;
  /** access: operation and outcome; monitor: kind and change. */
  operation?: string | undefined;
  outcome?: string | undefined;
  kind?: string | undefined;
  change?: string | undefined;
}

/** A page's position: the time (as PostgreSQL wrote it) and id of the last row seen. */
export interface LogKey {
  at: string;
  /** A bigint: text when a request named it (past 2^53 a number loses digits). */
  id: number | string;
}

/** One event as the logs read it. */
export interface LogRow {
  id: number;
  /** ISO time with microseconds, UTC. */
  at: string;
  kind: LogKind;
  deviceId: string;
  deviceName: string | null;
  groupName: string | null;
  action: string;
  outcome: string;
  program: string;
  user: string;
  path: string;
  sha256: string;
}

export type LogTableName = 'access' | 'monitor';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
/** A time column as ISO text with its microseconds, UTC (a page's key keeps all of them). */
export const isoOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO})`);

/** The columns of each log, read as one row shape. */
const COLUMNS: Record<LogTableName, SQL> = {
  access: sql`'access' as kind, e.operation as action, e.outcome, e.program, e.user_name as "user", e.path, '' as sha256`,
  monitor: sql`e.kind, e.change as action, '' as outcome, '' as program, '' as "user", e.path, e.sha256`,
};
const TABLE: Record<LogTableName, SQL> = {
  access: sql.raw('access_logs'),
  monitor: sql.raw('monitor_logs'),
};

function conditions(table: LogTableName, w: LogWhere, after?: LogKey): SQL {
  const parts: SQL[] = [
    sql`tenant_id = ${w.tenantId}`,
    sql`at >= ${w.from.toISOString()}::timestamptz`,
    sql`at < ${w.to.toISOString()}::timestamptz`,
  ];
  if (w.groups) parts.push(sql`group_id = any(${uuidArray(w.groups)}::uuid[])`);
  if (w.deviceId) parts.push(sql`device_id = ${w.deviceId}`);
  if (table === 'access') {
    if (w.operation) parts.push(sql`operation = ${w.operation}`);
    if (w.outcome) parts.push(sql`outcome = ${w.outcome}`);
    if (w.keyword) {
      const k = containsPattern(w.keyword);
      parts.push(sql`(path ilike ${k} or program ilike ${k} or user_name ilike ${k})`);
    }
  } else {
    if (w.kind) parts.push(sql`kind = ${w.kind}`);
    if (w.change) parts.push(sql`change = ${w.change}`);
    if (w.keyword) parts.push(sql`path ilike ${containsPattern(w.keyword)}`);
  }
  if (after) parts.push(sql`(at, id) < (${after.at}::timestamptz, ${after.id}::bigint)`);
  return sql.join(parts, sql` and `);
}

/**
 * The engines' logs (docs/logs.md): a batch appended under its device's stream cursor, and the
 * logs read newest first in keyset pages, over weeks of partitions.
 */
export function logRepository(db: Db) {
  return {
    /**
     * One batch in one transaction: the device's cursor locked (made at its first batch), the
     * rows `plan` makes of it stored, the cursor moved. A row with no week to go to (the first
     * of a week, or an engine reporting late) fails the transaction: the weeks are made and it
     * runs once more.
     */
    async append(deviceId: string, plan: (cursor: LogCursor) => LogPlan): Promise<number> {
      let span = null as LogPlan['span'];
      const run = () =>
        db.transaction(async (tx) => {
          const [cursor] = rowsOf<{ stream: string; acked: string; group_id: string | null }>(
            await tx.execute(sql`
              insert into log_cursors (device_id, stream, acked) values (${deviceId}, '', 0)
              on conflict (device_id) do update set acked = log_cursors.acked
              returning stream, acked, ${deviceGroupSql(deviceId)} as group_id`),
          );
          const p = plan({
            stream: cursor!.stream === '' ? null : cursor!.stream,
            acked: Number(cursor!.acked),
            groupId: cursor!.group_id,
          });
          span = p.span;
          if (p.access.length > 0) await tx.insert(accessLogs).values(p.access);
          if (p.monitor.length > 0) await tx.insert(monitorLogs).values(p.monitor);
          if (p.alerts.length > 0) await tx.insert(logAlerts).values(p.alerts);
          await tx.execute(sql`
            update log_cursors set acked = ${p.acked}, stream = ${p.stream}
            where device_id = ${deviceId}`);
          // The overview's counts last: their rows are shared by the group's devices, and a
          // lock taken last is held the shortest (docs/overview.md "Counts").
          const tenantId = (p.access[0] ?? p.monitor[0])?.tenantId;
          if (tenantId)
            await logCountRepository(tx as unknown as Db).add({
              tenantId,
              deviceId,
              groupId: cursor!.group_id,
              access: p.access.map((r) => ({ at: r.at, denied: r.outcome === 'denied' })),
              monitor: p.monitor.map((r) => ({ at: r.at, kind: r.kind })),
              alerts: p.alerts.map((r) => r.at),
            });
          return p.acked;
        });
      try {
        return await run();
      } catch (err) {
        if (!span || !isMissingWeek(err)) throw err;
        await ensureWeeks(db, span.from, span.to);
        return run();
      }
    },

    /** A page of a log, newest first: `limit` rows after `after`. */
    async page(table: LogTableName, w: LogWhere, limit: number, after?: LogKey) {
      return rowsOf<LogRow>(
        await db.execute(sql`
          select e.id::float8 as id, ${isoOf('e.at')} as at, ${COLUMNS[table]},
            e.device_id as "deviceId", d.name as "deviceName", g.name as "groupName"
          from (
            select * from ${TABLE[table]} where ${conditions(table, w, after)}
            order by at desc, id desc limit ${limit}
          ) e
          left join (${deviceNamesSql}) d on d.id = e.device_id
          left join (${groupNamesSql}) g on g.id = e.group_id
          order by e.at desc, e.id desc`),
      );
    },

    /** Every row a filter matches, newest first, in batches of `size` (exports). */
    async *stream(table: LogTableName, w: LogWhere, size = 10_000): AsyncGenerator<LogRow[]> {
      let after: LogKey | undefined;
      for (;;) {
        const rows = await this.page(table, w, size, after);
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
        const last = rows[rows.length - 1]!;
        after = { at: last.at, id: last.id };
      }
    },
  };
}
export type LogRepository = ReturnType<typeof logRepository>;
