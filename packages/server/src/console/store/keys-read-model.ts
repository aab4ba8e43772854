import { and, asc, desc, eq, ilike, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  consoleGroups,
  consoleRoles,
  consoleUsers,
  containsPattern,
  deviceKeys,
  devices,
  type Db,
} from '../../platform/db/index.ts';
import { onlineSince } from './device-read-model.ts';

/*
 * A read model of key management (console/keys owns `device_keys`, `escrowed_keys` and the
 * splits, shares and recoveries): what its pages show of devices and people beside its own rows.
 * The devices' names, groups and presence, and the tenant's key managers, are joined here, so
 * console/keys' repositories read only their own tables. Selects only.
 */

/** A device of a page of the escrow list, with what its row shows. */
export interface EscrowDeviceRow {
  id: string;
  name: string;
  groupId: string;
  groupName: string;
  lastSeenAt: Date | null;
  online: boolean;
}

/** Which devices a key-management read covers: the tenant's, in the caller's groups (null: all). */
export interface KeyScope {
  tenantId: string;
  groupIds: string[] | null;
}

const inScope = (s: KeyScope): SQL =>
  and(
    eq(devices.tenantId, s.tenantId),
    eq(devices.status, 'running'),
    s.groupIds ? inArray(devices.groupId, s.groupIds) : undefined,
  )!;

/** The tenant a device belongs to, as a select an insert of its keys reads from. */
export const deviceTenantSql = (deviceId: string) =>
  sql`select tenant_id from devices where id = ${deviceId}`;

export function keysReadModel(db: Db) {
  return {
    /** The tenant's key managers: users who can sign in with a role of the key duty that writes. */
    keyManagers(tenantId: string) {
      return db
        .select({ id: consoleUsers.id, account: consoleUsers.account, name: consoleUsers.name })
        .from(consoleUsers)
        .innerJoin(consoleRoles, eq(consoleRoles.id, consoleUsers.roleId))
        .where(
          and(
            eq(consoleUsers.tenantId, tenantId),
            eq(consoleUsers.status, 'normal'),
            eq(consoleRoles.menu, 'kss'),
            eq(consoleRoles.permission, 'write'),
          ),
        )
        .orderBy(asc(consoleUsers.account));
    },

    /**
     * One page of the devices holding data keys (`missing`: one not escrowed), by device id
     * downwards from `before`: driven by device_keys' indexes (the partial one of keys not
     * escrowed), so a tenant of 100,000 engines with few missing reads few rows.
     */
    async escrowDevicePage(
      s: KeyScope,
      opts: { missing: boolean; q?: string; before?: string; size: number; now: number },
    ): Promise<EscrowDeviceRow[]> {
      const ids = await db
        .select({ id: deviceKeys.deviceId })
        .from(deviceKeys)
        .innerJoin(devices, eq(devices.id, deviceKeys.deviceId))
        .where(
          and(
            eq(deviceKeys.tenantId, s.tenantId),
            opts.missing ? isNull(deviceKeys.escrowedAt) : undefined,
            opts.before ? lt(deviceKeys.deviceId, opts.before) : undefined,
            inScope(s),
            opts.q ? ilike(devices.name, containsPattern(opts.q)) : undefined,
          ),
        )
        .groupBy(deviceKeys.deviceId)
        .orderBy(desc(deviceKeys.deviceId))
        .limit(opts.size);
      return this.devicesOf(
        s,
        ids.map((r) => r.id),
        opts.now,
      );
    },

    /** These devices of the scope with their group and presence, in device id order downwards. */
    async devicesOf(s: KeyScope, ids: string[], now: number): Promise<EscrowDeviceRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: devices.id,
          name: devices.name,
          groupId: devices.groupId,
          groupName: sql<string>`coalesce(${consoleGroups.name}, '')`,
          lastSeenAt: devices.lastSeenAt,
          online: sql<boolean>`coalesce(${devices.lastSeenAt} > ${onlineSince(now)}, false)`,
        })
        .from(devices)
        .leftJoin(consoleGroups, eq(consoleGroups.id, devices.groupId))
        .where(and(inScope(s), inArray(devices.id, ids)))
        .orderBy(desc(devices.id));
    },

    /**
     * Devices of the scope holding data keys (`missing`: one not escrowed under the current
     * escrow key). The missing ones are an index-only count of a partial index; all of them a
     * count over the tenant's rows of device_keys, which the key service keeps a few seconds.
     */
    async escrowCount(s: KeyScope, missing: boolean): Promise<number> {
      const where = and(
        eq(deviceKeys.tenantId, s.tenantId),
        missing ? isNull(deviceKeys.escrowedAt) : undefined,
      );
      const [row] = s.groupIds
        ? await db
            .select({ n: sql<number>`count(distinct ${deviceKeys.deviceId})::int` })
            .from(deviceKeys)
            .innerJoin(devices, eq(devices.id, deviceKeys.deviceId))
            .where(and(where, inScope(s)))
        : await db
            .select({ n: sql<number>`count(distinct ${deviceKeys.deviceId})::int` })
            .from(deviceKeys)
            .where(where);
      return row?.n ?? 0;
    },
  };
}
export type KeysReadModel = ReturnType<typeof keysReadModel>;
