import {
  and,
  asc,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { ENGINE_KINDS, LICENCE_WARNING_DAYS, type EngineKind } from '@edp/shared/constants';
import type { TDeviceFilter } from '@edp/shared/contracts/devices';
import {
  MISSED_INTERVALS_OFFLINE,
  PRESENCE_SLACK_S,
  type DeviceStatus,
} from '@edp/shared/contracts/engine';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { consoleGroups, containsPattern, devices, type Db } from '../../platform/db/index.ts';

/*
 * A read model of the device centre (console/devices owns `devices`): the scope of a query over
 * devices, and the reads of devices that the modules beside and above the device centre make
 * (groups, commands, elevation, licences, logs). Selects only; the device centre's repository
 * uses the same scope and reads.
 */

export type DeviceRow = typeof devices.$inferSelect;

/** Which devices a query or a bulk action covers; the scope is applied to every one. */
export interface DeviceScope {
  tenantId: string;
  status: DeviceStatus;
  /** Groups the caller may see (null: all); a filter's group narrows them further. */
  groupIds: string[] | null;
  filter?: Omit<TDeviceFilter, 'groupId' | 'subgroups'>;
  ids?: string[];
  now: number;
  /**
   * With `filter.outdated`: the (kind, version) pairs older than the newest of their kind
   * (device-scope.ts works them out); none matches nothing.
   */
  outdated?: readonly { kind: string; version: string }[];
}

export const onlineSince = (now: number) =>
  sql`${new Date(now)}::timestamptz - make_interval(secs => ${devices.intervalS} * ${MISSED_INTERVALS_OFFLINE} + ${PRESENCE_SLACK_S})`;

/** The conditions of a scope, for list, count and bulk statements alike. */
function whereOf(s: DeviceScope): SQL {
  const f = s.filter ?? {};
  const now = new Date(s.now);
  const conditions: (SQL | undefined)[] = [
    eq(devices.tenantId, s.tenantId),
    eq(devices.status, s.status),
    s.groupIds ? inArray(devices.groupId, s.groupIds) : undefined,
    s.ids ? inArray(devices.id, s.ids) : undefined,
    f.kind ? eq(devices.kind, f.kind) : undefined,
    f.install ? eq(devices.install, f.install) : undefined,
  ];
  if (f.type !== undefined) {
    if (f.type === -1) conditions.push(isNull(devices.licenceExpiresAt));
    else if (f.type === 5) conditions.push(lte(devices.licenceExpiresAt, now));
    else
      conditions.push(eq(devices.kind, ENGINE_KINDS[f.type]!), gt(devices.licenceExpiresAt, now));
  }
  // The home's "ending within 30 days" figure, as a filter: devices_expiry_idx serves it.
  if (f.expiring)
    conditions.push(
      gt(devices.licenceExpiresAt, now),
      lte(devices.licenceExpiresAt, new Date(s.now + LICENCE_WARNING_DAYS * 86_400_000)),
    );
  if (f.outdated) {
    const pairs = s.outdated ?? [];
    conditions.push(
      pairs.length === 0
        ? sql`false`
        : sql`(${devices.kind}, ${devices.version}) in (${sql.join(
            pairs.map((p) => sql`(${p.kind}, ${p.version})`),
            sql`, `,
          )})`,
    );
  }
  if (f.presence === 'never') conditions.push(isNull(devices.lastSeenAt));
  if (f.presence === 'online') conditions.push(sql`${devices.lastSeenAt} > ${onlineSince(s.now)}`);
  if (f.presence === 'offline')
    conditions.push(sql`${devices.lastSeenAt} <= ${onlineSince(s.now)}`);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    conditions.push(
      or(ilike(devices.name, like), ilike(devices.number, like), ilike(devices.ip, like)),
    );
  }
  return and(...conditions)!;
}

/** The same conditions for the store's other statements over devices (a task's devices). */
export const deviceScopeSql = (s: DeviceScope): SQL => whereOf(s);

/** The devices of a scope, as a select a statement reads from: id, name, group_id (a task's). */
export const scopedDevicesSql = (s: DeviceScope): SQL =>
  sql`select id, name, group_id from devices where ${whereOf(s)}`;

/**
 * Every device's id, name, group_id, status and fingerprint, as a select a statement joins (a
 * task's commands in a role's groups, an elevation request's device).
 */
export const deviceRefsSql = sql`select id, name, group_id, status, fingerprint from devices`;

/**
 * Every device's id, name and group, as a subquery a list joins on the device's id (a task's
 * commands): `.innerJoin(deviceRefs, eq(deviceRefs.id, …))`.
 */
export const deviceRefs = new QueryBuilder()
  .select({ id: devices.id, name: devices.name, groupId: devices.groupId })
  .from(devices)
  .as('device_refs');

/** A device a bulk action touched. */
export interface TouchedDevice {
  id: string;
  name: string;
}

/** The reads of devices that other modules make. */
export function deviceReadModel(db: Db) {
  return {
    async count(s: DeviceScope): Promise<number> {
      const [row] = await db.select({ n: count() }).from(devices).where(whereOf(s));
      return row?.n ?? 0;
    },

    async findById(tenantId: string, id: string) {
      const [row] = await db
        .select({ device: devices, groupName: consoleGroups.name })
        .from(devices)
        .innerJoin(consoleGroups, eq(consoleGroups.id, devices.groupId))
        .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id)))
        .limit(1);
      return row;
    },

    /**
     * The first few of a scope by name, and how many there are; with `needs` (the licence
     * kinds a task needs), how many cannot run it and why, counted in the same statement as
     * the total (contracts/tasks.ts TASK_LICENCE_KINDS; the engine's -13, -12 and -85).
     */
    async preview(s: DeviceScope, limit: number, needs: readonly EngineKind[] = []) {
      const now = new Date(s.now);
      const none = needs.length === 0;
      const counted = (cond: SQL) =>
        sql<number>`count(*) filter (where ${none ? sql`false` : cond})`.mapWith(Number);
      const [counts, first] = await Promise.all([
        db
          .select({
            total: count(),
            missing: counted(sql`${devices.licenceExpiresAt} is null`),
            expired: counted(lte(devices.licenceExpiresAt, now)!),
            otherKind: counted(
              and(gt(devices.licenceExpiresAt, now), notInArray(devices.kind, [...needs]))!,
            ),
          })
          .from(devices)
          .where(whereOf(s))
          .then((rows) => rows[0]!),
        db
          .select({ id: devices.id, name: devices.name, ip: devices.ip })
          .from(devices)
          .where(whereOf(s))
          .orderBy(asc(devices.name), asc(devices.id))
          .limit(limit),
      ]);
      const { total, ...unlicensed } = counts;
      return { total, first, unlicensed };
    },

    async countInGroup(tenantId: string, groupId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), eq(devices.groupId, groupId)));
      return row?.n ?? 0;
    },
  };
}
