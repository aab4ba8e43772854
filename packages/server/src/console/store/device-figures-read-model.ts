import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';

/*
 * A read model of the device centre (console/devices owns `devices`) for the reports, the
 * notifier and the logs: the figures of a tenant's devices, the devices sheet's pages (with their
 * group's name), the devices the notifier warns of and the names the logs' pages show (as selects
 * their statements read from). Selects only.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const toDate = (v: unknown): Date | null => (v == null ? null : new Date(v as string));

/** A name and how many: one row of a report's tables. */
export interface Counted {
  key: string;
  n: number;
}

/** One device as the report's devices sheet lists it. */
export interface ReportDevice {
  id: string;
  name: string;
  number: string;
  ip: string;
  groupName: string;
  systemType: string;
  kind: string;
  version: string;
  status: string;
  activation: string;
  licenceExpiresAt: Date | null;
  lastSeenAt: Date | null;
  createdAt: Date;
}

/** Where a page of devices ends: its last device's time as written (microseconds) and id. */
export interface DeviceKey {
  at: string;
  id: string;
}

/**
 * Every device's tenant_id, id, name, ip, status, last_seen_at and licence_expires_at: the
 * notifier's licence and offline warnings read from it.
 */
export const deviceStatesSql = sql`select tenant_id, id, name, ip, status, last_seen_at,
  licence_expires_at from devices`;

/** Every device's id and name, as a select a statement joins. */
export const deviceNamesSql = sql`select id, name from devices`;

/** A device's group (null: none or no such device), as a scalar a statement reads. */
export const deviceGroupSql = (deviceId: string) =>
  sql`(select group_id from devices where id = ${deviceId})`;

export function deviceFiguresReadModel(db: Db) {
  return {
    /** The tenant's devices by state now, and what changed in the period. */
    async deviceFigures(tenantId: string, from: Date, to: Date, soon: Date) {
      const [row] = rowsOf<Record<string, number>>(
        await db.execute(sql`
          select
            count(*) filter (where status <> 'deprecated')::int as running,
            count(*) filter (where status = 'deprecated')::int as deprecated,
            count(*) filter (where created_at >= ${from} and created_at < ${to})::int as added,
            count(*) filter (where deprecated_at >= ${from} and deprecated_at < ${to})::int
              as "deprecatedInPeriod",
            count(*) filter (where status <> 'deprecated' and last_seen_at >= ${from})::int as seen,
            count(*) filter (where status <> 'deprecated' and activation = 'active')::int as active,
            count(*) filter (where status <> 'deprecated' and activation <> 'active')::int
              as inactive,
            count(*) filter (where status <> 'deprecated' and licence_expires_at >= ${to}
              and licence_expires_at < ${soon})::int as ending
          from devices where tenant_id = ${tenantId}`),
      );
      return row as {
        running: number;
        deprecated: number;
        added: number;
        deprecatedInPeriod: number;
        seen: number;
        active: number;
        inactive: number;
        ending: number;
      };
    },
    /** The groups with the most devices in use. */
    async topGroups(tenantId: string, limit: number): Promise<Counted[]> {
      return rowsOf<Counted>(
        await db.execute(sql`
          select g.name as key, c.n from (
            select group_id, count(*)::int as n from devices
            where tenant_id = ${tenantId} and status <> 'deprecated'
            group by group_id order by n desc limit ${limit}
          ) c join console_groups g on g.id = c.group_id
          order by c.n desc, g.name`),
      );
    },
    async versions(tenantId: string, limit: number): Promise<Counted[]> {
      return rowsOf<Counted>(
        await db.execute(sql`
          select version as key, count(*)::int as n from devices
          where tenant_id = ${tenantId} and status <> 'deprecated'
          group by version order by n desc, version limit ${limit}`),
      );
    },
    /**
     * A page of the tenant's devices of one status after `after`, in the order they were
     * registered, with their group's name: the devices sheet is read in these keyset pages of
     * the list's index (tenant, status, created_at, id), so memory holds one page however many
     * devices there are. `key` is where the next page starts.
     */
    async devicePage(
      tenantId: string,
      status: string,
      limit: number,
      after?: DeviceKey,
    ): Promise<{ devices: ReportDevice[]; key?: DeviceKey }> {
      const from = after
        ? sql`and (d.created_at, d.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql``;
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select d.id, d.name, d.number, d.ip, g.name as "groupName", d.system_type as "systemType",
            d.kind, d.version, d.status, d.activation,
            d.licence_expires_at as "licenceExpiresAt", d.last_seen_at as "lastSeenAt",
            d.created_at as "createdAt", d.created_at::text as "atKey"
          from devices d join console_groups g on g.id = d.group_id
          where d.tenant_id = ${tenantId} and d.status = ${status} ${from}
          order by d.created_at, d.id limit ${limit}`),
      );
      const last = rows.at(-1);
      return {
        devices: rows.map((r) => ({
          ...(r as unknown as ReportDevice),
          licenceExpiresAt: toDate(r.licenceExpiresAt),
          lastSeenAt: toDate(r.lastSeenAt),
          createdAt: toDate(r.createdAt)!,
        })),
        key: last ? { at: last.atKey as string, id: last.id as string } : undefined,
      };
    },
  };
}
