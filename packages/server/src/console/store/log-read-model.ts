import { sql, type SQL } from 'drizzle-orm';
import type { CountUnit } from '@edp/shared/contracts/overview';
import { uuidArray, type Db } from '../../platform/db/index.ts';

/*
 * A read model of the logs module (console/logs owns `log_alerts` and `alert_counts`): the devices
 * with the most alerts, counted one way for the data overview and the reports (from the counts
 * kept at ingestion), the reports' alerts by state, and the alerts the notifier warns of (as
 * selects its statements read from). Selects only.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The counts read: a tenant's hours or UTC days from `from` (up to `to`), within `groups`. */
export interface CountWhere {
  tenantId: string;
  unit: CountUnit;
  /** The first hour or day read. */
  from: Date;
  /** The first hour or day not read; none: up to now. */
  to?: Date;
  /** null: every group of the tenant. */
  groups: string[] | null;
}

/** A device and its alerts; `name` '' when the device is gone. */
export interface AlertDevice {
  id: string;
  name: string;
  alerts: number;
}

/** The newest alert's id (0 without any), as a scalar a statement reads. */
export const newestAlertIdSql = sql`coalesce((select max(id) from log_alerts), 0)`;

/**
 * The alerts after `after` up to `upTo` (by id) still new, with their device's name and address
 * ('' when gone): tenant_id, id, device_id, name, ip, path, kind, action, source, rule_name, at.
 */
export const newAlertsSql = (after: number, upTo: number): SQL => sql`
  select a.tenant_id, a.id, a.device_id, coalesce(d.name, '') as name, coalesce(d.ip, '') as ip,
    a.path, a.kind, a.action, a.source, a.rule_name, a.at
  from log_alerts a left join devices d on d.id = a.device_id
  where a.id > ${after} and a.id <= ${upTo} and a.state = 'new'`;

/** Every alert's id and state (new, seen, handled), to join a warning's subject on. */
export const alertStatesSql = sql`select id, state from log_alerts`;

export function logReadModel(db: Db) {
  return {
    /** The id of the `limit`-th alert after `after` (or the last, if fewer): null if none. */
    async alertIdAfter(after: number, limit: number): Promise<number | null> {
      const [head] = rowsOf<{ max: number | null }>(
        await db.execute(sql`select max(id)::float8 as max from (
          select id from log_alerts where id > ${after} order by id limit ${limit}) x`),
      );
      return head?.max == null ? null : Number(head.max);
    },

    /** The tenant's alerts raised in [from, to), by state. */
    async alertsByState(tenantId: string, from: Date, to: Date) {
      return rowsOf<{ key: string; n: number }>(
        await db.execute(sql`
          select state as key, count(*)::int as n from log_alerts
          where tenant_id = ${tenantId} and at >= ${from} and at < ${to}
          group by state`),
      );
    },

    /**
     * The `limit` devices with the most alerts in the hours or days read (docs/overview.md
     * "Counts"), the most first, then by id: the alerts counted at ingestion (`alert_counts`),
     * raised in those hours or days, the ones the retention has since deleted included.
     */
    async topAlertDevices(w: CountWhere, limit: number): Promise<AlertDevice[]> {
      const groups = w.groups ? sql` and group_id = any(${uuidArray(w.groups)}::uuid[])` : sql``;
      const to = w.to ? sql` and at < ${w.to.toISOString()}::timestamptz` : sql``;
      return rowsOf<{ id: string; name: string | null; alerts: number }>(
        await db.execute(sql`
          select a.device_id as id, d.name, a.n as alerts
          from (
            select device_id, sum(n)::float8 as n from alert_counts
            where tenant_id = ${w.tenantId} and unit = ${w.unit}
              and at >= ${w.from.toISOString()}::timestamptz${to}${groups}
            group by device_id order by n desc, device_id limit ${limit}
          ) a left join devices d on d.id = a.device_id
          order by a.n desc, a.device_id`),
      ).map((r) => ({ id: r.id, name: r.name ?? '', alerts: Number(r.alerts) }));
    },
  };
}
export type LogReadModel = ReturnType<typeof logReadModel>;
