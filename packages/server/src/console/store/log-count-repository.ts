import { sql } from 'drizzle-orm';
import type { CountStream, CountUnit } from '@edp/shared/contracts/overview';
import { alertCounts, logCounts, type Db } from '../../platform/db/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** The group a count of a device without one is kept under (a key column cannot be null). */
export const NO_GROUP = '00000000-0000-0000-0000-000000000000';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const startOf = (t: number, unit: CountUnit) => t - (t % (unit === 'h' ? HOUR_MS : DAY_MS));

/** One batch's events as the counts see them: each stored event's time and stream(s). */
export interface CountedBatch {
  tenantId: string;
  deviceId: string;
  groupId: string | null;
  /** Access events: their time and whether denied. */
  access: { at: Date; denied: boolean }[];
  /** Monitoring events: their time and kind. */
  monitor: { at: Date; kind: 'dpi' | 'tde' }[];
  /** Alerts raised: their time. */
  alerts: Date[];
}

type LogCountRow = typeof logCounts.$inferInsert;
type AlertCountRow = typeof alertCounts.$inferInsert;

/**
 * The rows a batch adds to the counts, by hour and by UTC day, in key order: every transaction
 * takes the rows' locks in the same order, so two batches of one group never deadlock.
 */
export function countRows(b: CountedBatch): { logs: LogCountRow[]; alerts: AlertCountRow[] } {
  const groupId = b.groupId ?? NO_GROUP;
  const logs = new Map<string, LogCountRow>();
  const alerts = new Map<string, AlertCountRow>();
  const add = (at: Date, stream: CountStream) => {
    for (const unit of ['d', 'h'] as const) {
      const start = startOf(at.getTime(), unit);
      const key = `${unit}|${String(start).padStart(15, '0')}|${stream}`;
      const row = logs.get(key);
      if (row) row.n += 1;
      else
        logs.set(key, { tenantId: b.tenantId, unit, at: new Date(start), groupId, stream, n: 1 });
    }
  };
  for (const e of b.access) {
    add(e.at, 'access');
    if (e.denied) add(e.at, 'denied');
  }
  for (const e of b.monitor) add(e.at, e.kind);
  for (const at of b.alerts) {
    add(at, 'alert');
    for (const unit of ['d', 'h'] as const) {
      const start = startOf(at.getTime(), unit);
      const key = `${unit}|${String(start).padStart(15, '0')}`;
      const row = alerts.get(key);
      if (row) row.n += 1;
      else
        alerts.set(key, {
          tenantId: b.tenantId,
          unit,
          at: new Date(start),
          groupId,
          deviceId: b.deviceId,
          n: 1,
        });
    }
  }
  const sorted = <T>(m: Map<string, T>) =>
    [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { logs: sorted(logs), alerts: sorted(alerts) };
}

/** What the overview's reads are scoped to; `groups` null: every group of the tenant. */
export interface CountWhere {
  tenantId: string;
  unit: CountUnit;
  /** The first hour or day read. */
  from: Date;
  groups: string[] | null;
}

/**
 * The data overview's counts (docs/overview.md): added to in the log ingestion's transaction,
 * read by hour or day within the caller's groups.
 */
export function logCountRepository(db: Db) {
  const scope = (w: CountWhere) =>
    w.groups ? sql` and group_id = any(${uuidArray(w.groups)}::uuid[])` : sql``;
  return {
    /** Adds a batch's counts (upserts, in key order). `db` is the batch's transaction. */
    async add(b: CountedBatch) {
      const { logs, alerts } = countRows(b);
      if (logs.length > 0)
        await db
          .insert(logCounts)
          .values(logs)
          .onConflictDoUpdate({
            target: [
              logCounts.tenantId,
              logCounts.unit,
              logCounts.at,
              logCounts.groupId,
              logCounts.stream,
            ],
            set: { n: sql`${logCounts.n} + excluded.n` },
          });
      if (alerts.length > 0)
        await db
          .insert(alertCounts)
          .values(alerts)
          .onConflictDoUpdate({
            target: [
              alertCounts.tenantId,
              alertCounts.unit,
              alertCounts.at,
              alertCounts.groupId,
              alertCounts.deviceId,
            ],
            set: { n: sql`${alertCounts.n} + excluded.n` },
          });
    },

    /** Each hour's or day's count per stream from `from` on (hours or days without events absent). */
    async series(w: CountWhere) {
      return rowsOf<{ t: number; stream: CountStream; n: number }>(
        await db.execute(sql`
          select extract(epoch from at)::float8 * 1000 as t, stream, sum(n)::float8 as n
          from log_counts
          where tenant_id = ${w.tenantId} and unit = ${w.unit}
            and at >= ${w.from.toISOString()}::timestamptz${scope(w)}
          group by at, stream`),
      ).map((r) => ({ t: Number(r.t), stream: r.stream, n: Number(r.n) }));
    },

    /** The `limit` devices with the most alerts from `from` on, with their names ('' if gone). */
    async topDevices(w: CountWhere, limit: number) {
      return rowsOf<{ id: string; name: string | null; alerts: number }>(
        await db.execute(sql`
          select a.device_id as id, d.name, a.n as alerts
          from (
            select device_id, sum(n)::float8 as n from alert_counts
            where tenant_id = ${w.tenantId} and unit = ${w.unit}
              and at >= ${w.from.toISOString()}::timestamptz${scope(w)}
            group by device_id order by n desc, device_id limit ${limit}
          ) a left join devices d on d.id = a.device_id
          order by a.n desc, a.device_id`),
      ).map((r) => ({ id: r.id, name: r.name ?? '', alerts: Number(r.alerts) }));
    },
  };
}
export type LogCountRepository = ReturnType<typeof logCountRepository>;
