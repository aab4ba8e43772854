import { sql } from 'drizzle-orm';
import type { CountStream, CountUnit } from '@edp/shared/contracts/overview';
import { alertCounts, logCountDeltas, type Db, uuidArray } from '../../platform/db/index.ts';
import type { CountWhere } from '../store/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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

type LogCountRow = typeof logCountDeltas.$inferInsert;
type AlertCountRow = typeof alertCounts.$inferInsert;

/**
 * The rows a batch adds to the counts, by hour and by UTC day, in key order (the alerts' rows
 * are upserted: every transaction takes their locks in the same order).
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

/**
 * The data overview's counts (docs/overview.md): added to in the log ingestion's transaction
 * (events as deltas, folded every second; alerts per device), read by hour or day within the
 * caller's groups.
 */
export function logCountRepository(db: Db) {
  const scope = (w: CountWhere) =>
    w.groups ? sql` and group_id = any(${uuidArray(w.groups)}::uuid[])` : sql``;
  return {
    /**
     * Adds a batch's counts: its events' as deltas (plain inserts, folded later), its alerts'
     * upserted per device, in key order. `db` is the batch's transaction.
     */
    async add(b: CountedBatch) {
      const { logs, alerts } = countRows(b);
      if (logs.length > 0) await db.insert(logCountDeltas).values(logs);
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

    /**
     * Folds up to `limit` deltas into log_counts, in one statement: the deltas taken are deleted
     * and added (skipping those another node is folding), the rows upserted in key order so
     * that two folders cannot deadlock. Answers how many were folded.
     */
    async fold(limit: number) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          with moved as (
            delete from log_count_deltas where id in (
              select id from log_count_deltas order by id limit ${limit} for update skip locked)
            returning tenant_id, unit, at, group_id, stream, n
          ), folded as (
            insert into log_counts (tenant_id, unit, at, group_id, stream, n)
            select tenant_id, unit, at, group_id, stream, sum(n) from moved
            group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
            on conflict (tenant_id, unit, at, group_id, stream)
            do update set n = log_counts.n + excluded.n
            returning 1
          )
          select count(*)::int as n from moved`),
      );
      return Number(row?.n ?? 0);
    },

    /**
     * Each hour's or day's count per stream from `from` on (hours or days without events
     * absent): the folded counts and the deltas not folded yet.
     */
    async series(w: CountWhere) {
      return rowsOf<{ t: number; stream: CountStream; n: number }>(
        await db.execute(sql`
          select extract(epoch from at)::float8 * 1000 as t, stream, sum(n)::float8 as n
          from (
            select at, stream, n from log_counts
            where tenant_id = ${w.tenantId} and unit = ${w.unit}
              and at >= ${w.from.toISOString()}::timestamptz${scope(w)}
            union all
            select at, stream, n from log_count_deltas
            where tenant_id = ${w.tenantId} and unit = ${w.unit}
              and at >= ${w.from.toISOString()}::timestamptz${scope(w)}
          ) c
          group by at, stream`),
      ).map((r) => ({ t: Number(r.t), stream: r.stream, n: Number(r.n) }));
    },
  };
}
export type LogCountRepository = ReturnType<typeof logCountRepository>;
