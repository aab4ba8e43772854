import { and, asc, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { LICENCE_WARNING_DAYS } from '@edp/shared/constants';
import { devices, deviceUptime, type Db } from '../../platform/db/index.ts';
import type { ActivityActor } from './device-activity-repository.ts';
import {
  deviceReadModel,
  deviceScopeSql,
  groupNames,
  groupNamesSql,
  onlineSince,
  type DeviceRow,
  type DeviceScope,
  type TouchedDevice,
} from '../store/index.ts';
import type { DeviceStatus } from '@edp/shared/contracts/engine';

/** The rows of a statement run with db.execute (node-postgres and PGlite answer them alike). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const ORDER = {
  createdAt: [devices.createdAt, devices.id],
  name: [devices.name, devices.id],
  lastSeenAt: [devices.lastSeenAt, devices.id],
} as const;

type SortKey = keyof typeof ORDER;

/** What a list row and an export read of a device. */
const LIST_FIELDS = [
  'id',
  'name',
  'number',
  'ip',
  'systemType',
  'kind',
  'version',
  'status',
  'install',
  'activation',
  'groupId',
  'licenceExpiresAt',
  'lastSeenAt',
  'createdAt',
  'deprecatedAt',
  'remark',
  'intervalS',
] as const satisfies (keyof DeviceRow)[];
export type DeviceListRow = Pick<DeviceRow, (typeof LIST_FIELDS)[number]>;
const TIME_FIELDS = new Set<string>([
  'licenceExpiresAt',
  'lastSeenAt',
  'createdAt',
  'deprecatedAt',
]);

/** A row of `stream`'s JSON: the fields of LIST_FIELDS, the group's name, the sort key's text. */
function listRowOf(values: unknown[]) {
  const device: Record<string, unknown> = {};
  LIST_FIELDS.forEach((field, i) => {
    const v = values[i];
    device[field] = TIME_FIELDS.has(field) && typeof v === 'string' ? new Date(v) : v;
  });
  const row = device as DeviceListRow;
  const key = values[LIST_FIELDS.length + 1] as string | null;
  return {
    device: row,
    groupName: values[LIST_FIELDS.length] as string,
    after: { key, id: row.id },
  };
}

/**
 * Rows after `after` in the list's order (keyset): the sort column, then id. A sort value is
 * carried as PostgreSQL's own text of it, so a time keeps its microseconds. The last-seen time
 * may be null, which PostgreSQL sorts above every time: last when ascending, first when
 * descending, as the list shows it.
 */
function keysetAfter(
  sort: SortKey,
  dir: 'asc' | 'desc',
  after: { key: string | null; id: string },
): SQL {
  const column = ORDER[sort][0];
  const key = sort === 'name' ? sql`${after.key}::text` : sql`${after.key}::timestamptz`;
  const id = sql`${after.id}::uuid`;
  if (dir === 'asc') {
    if (after.key === null) return sql`${column} is null and ${devices.id} > ${id}`;
    const past = sql`(${column}, ${devices.id}) > (${key}, ${id})`;
    return sort === 'lastSeenAt' ? sql`(${column} is null or ${past})` : past;
  }
  if (after.key === null) return sql`(${column} is not null or ${devices.id} < ${id})`;
  // A null's row comparison is null: never-seen devices, all before the key, drop out.
  return sql`(${column}, ${devices.id}) < (${key}, ${id})`;
}

const whereOf = deviceScopeSql;

/** All SQL of the device centre (its reads that other modules make are the store's read model). */
export function deviceRepository(db: Db) {
  return {
    ...deviceReadModel(db),
    /**
     * A page: its ids are found first (from the list index alone where the order allows it), then
     * only those rows are read — so page 5,000 costs an index walk, not 50,000 row reads.
     */
    async page(
      s: DeviceScope,
      order: { sort: keyof typeof ORDER; dir: 'asc' | 'desc'; limit: number; offset: number },
    ) {
      const by = ORDER[order.sort].map((c) => (order.dir === 'asc' ? asc(c) : desc(c)));
      const page = db
        .select({ id: devices.id })
        .from(devices)
        .where(whereOf(s))
        .orderBy(...by)
        .limit(order.limit)
        .offset(order.offset)
        .as('page');
      return db
        .select({ device: devices, groupName: groupNames.name })
        .from(page)
        .innerJoin(devices, eq(devices.id, page.id))
        .innerJoin(groupNames, eq(groupNames.id, devices.groupId))
        .orderBy(...by);
    },

    /**
     * Every device of a scope in the list's order, with its group's name, in batches read by
     * keyset (never OFFSET): an export of 100,000 devices holds one batch at a time, and each
     * batch is found from the list's index where the order has one. A batch comes back as one
     * JSON text (json_agg): PGlite spends about 0.1 ms a row decoding 18 columns the usual way,
     * a quarter of that for the same rows as JSON.
     */
    async *stream(
      s: DeviceScope,
      order: { sort: SortKey; dir: 'asc' | 'desc' },
      // Last seen has no index (its batched writes stay cheap): each batch sorts the scope, so
      // fewer, larger batches (docs/decisions.md, "Device export").
      batch = order.sort === 'lastSeenAt' ? 5_000 : 1_000,
    ): AsyncGenerator<{ device: DeviceListRow; groupName: string }[]> {
      const by = ORDER[order.sort].map((c) => (order.dir === 'asc' ? asc(c) : desc(c)));
      const where = whereOf(s);
      const fields = sql.join(
        [
          ...LIST_FIELDS.map((f) => devices[f]),
          groupNames.name,
          sql`${ORDER[order.sort][0]}::text`,
        ],
        sql`, `,
      );
      let after: { key: string | null; id: string } | undefined;
      for (;;) {
        const next = db
          .select()
          .from(devices)
          .where(after ? and(where, keysetAfter(order.sort, order.dir, after)) : where)
          .orderBy(...by)
          .limit(batch);
        // The batch is named as the table, so the columns below read it.
        const [answer] = await db
          .select({
            rows: sql<string>`coalesce(json_agg(json_build_array(${fields}) order by ${sql.join(by, sql`, `)}), '[]')::text`,
          })
          .from(sql`(${next}) as ${devices}`)
          .innerJoin(groupNames, eq(groupNames.id, devices.groupId));
        const rows = (JSON.parse(answer!.rows) as unknown[][]).map(listRowOf);
        if (rows.length > 0) yield rows;
        if (rows.length < batch) return;
        after = rows.at(-1)!.after;
      }
    },

    /** Devices per group, kind, type and presence: what every counter and total is summed from. */
    async aggregate(tenantId: string, status: DeviceStatus, now: number) {
      const at = new Date(now);
      const type = sql<number>`case when ${devices.licenceExpiresAt} is null then -1
        when ${devices.licenceExpiresAt} <= ${at}::timestamptz then 5
        else array_position(array['TDE','DI','DPI','PWE','PWO'], ${devices.kind}) - 1 end`;
      const presence = sql<string>`case when ${devices.lastSeenAt} is null then 'never'
        when ${devices.lastSeenAt} > ${onlineSince(now)} then 'online' else 'offline' end`;
      const rows = await db
        .select({
          groupId: devices.groupId,
          kind: devices.kind,
          type: type.mapWith(Number),
          presence,
          n: count(),
        })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), eq(devices.status, status)))
        .groupBy(devices.groupId, devices.kind, sql`3`, sql`4`);
      return rows;
    },

    /**
     * Running devices whose licence ends within 7 days, 8 to 30 (LICENCE_WARNING_DAYS) and 31 to 90
     * days of `now`:
     * one range of devices_expiry_idx.
     */
    async expiryBuckets(tenantId: string, groupIds: string[] | null, now: number) {
      const day = 86_400_000;
      const at = (days: number) => new Date(now + days * day).toISOString();
      const [row] = await db
        .select({
          week: sql<number>`count(*) filter (where ${devices.licenceExpiresAt} <= ${at(7)}::timestamptz)`.mapWith(
            Number,
          ),
          month:
            sql<number>`count(*) filter (where ${devices.licenceExpiresAt} > ${at(7)}::timestamptz and ${devices.licenceExpiresAt} <= ${at(LICENCE_WARNING_DAYS)}::timestamptz)`.mapWith(
              Number,
            ),
          quarter:
            sql<number>`count(*) filter (where ${devices.licenceExpiresAt} > ${at(LICENCE_WARNING_DAYS)}::timestamptz)`.mapWith(
              Number,
            ),
        })
        .from(devices)
        .where(
          and(
            eq(devices.tenantId, tenantId),
            eq(devices.status, 'running'),
            groupIds ? inArray(devices.groupId, groupIds) : undefined,
            gt(devices.licenceExpiresAt, new Date(now)),
            lte(devices.licenceExpiresAt, new Date(now + 90 * day)),
          ),
        );
      return { week: row?.week ?? 0, month: row?.month ?? 0, quarter: row?.quarter ?? 0 };
    },

    async recentEnrolments(tenantId: string, groupIds: string[] | null, limit: number) {
      return db
        .select({
          id: devices.id,
          name: devices.name,
          kind: devices.kind,
          enrolledAt: devices.enrolledAt,
        })
        .from(devices)
        .where(
          and(
            eq(devices.tenantId, tenantId),
            eq(devices.status, 'running'),
            groupIds ? inArray(devices.groupId, groupIds) : undefined,
            sql`${devices.enrolledAt} is not null`,
          ),
        )
        .orderBy(desc(devices.enrolledAt))
        .limit(limit);
    },

    async fingerprintTaken(tenantId: string, fingerprint: string) {
      const [row] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), eq(devices.fingerprint, fingerprint)))
        .limit(1);
      return row !== undefined;
    },

    async insert(values: typeof devices.$inferInsert): Promise<string> {
      const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
      return row!.id;
    },

    async update(tenantId: string, id: string, values: Partial<typeof devices.$inferInsert>) {
      await db
        .update(devices)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id)));
    },

    /**
     * The console's allowance to enrol a running device again without its engine's proof, until
     * `until` (an enrolment's statement reads it: device-checkin-repository.ts). False: the device is not running.
     */
    async allowReenrol(tenantId: string, id: string, until: Date) {
      const rows = await db
        .update(devices)
        .set({ reenrolUntil: until, updatedAt: new Date() })
        .where(
          and(eq(devices.tenantId, tenantId), eq(devices.id, id), eq(devices.status, 'running')),
        )
        .returning({ id: devices.id });
      return rows.length > 0;
    },

    /** The (kind, version) pairs the tenant's running devices report. */
    async versions(tenantId: string) {
      return db
        .selectDistinct({ kind: devices.kind, version: devices.version })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), eq(devices.status, 'running')));
    },

    // Bulk actions answer the devices they touched by id and name (the audit log names them),
    // and write each device's activity entry in the same statement: one INSERT … SELECT from
    // the rows the UPDATE returned, however many devices a filter matches (docs/decisions.md,
    // "Device activity").
    async deprecate(s: DeviceScope, at: Date, actor: ActivityActor): Promise<TouchedDevice[]> {
      const change = db
        .update(devices)
        .set({ status: 'deprecated', deprecatedAt: at, updatedAt: at })
        .where(whereOf(s))
        .returning({ id: devices.id, name: devices.name, tenantId: devices.tenantId });
      return rowsOf<TouchedDevice>(
        await db.execute(sql`
          with touched as (${change.getSQL()}),
          logged as (
            insert into device_activity (tenant_id, device_id, at, kind, actor_id, account)
            select tenant_id, id, ${at.toISOString()}::timestamptz, 'deprecated', ${actor.userId}, ${actor.account}
            from touched
          )
          select id, name from touched`),
      );
    },

    /** Moves the scope's devices; each that changes group gets an entry naming both groups. */
    async move(
      s: DeviceScope,
      to: { id: string; name: string },
      actor: ActivityActor,
    ): Promise<TouchedDevice[]> {
      const at = new Date(s.now);
      return rowsOf<TouchedDevice>(
        await db.execute(sql`
          with touched as (
            update devices set group_id = ${to.id}, updated_at = ${at.toISOString()}::timestamptz
            from devices o join (${groupNamesSql}) g on g.id = o.group_id
            where o.id = ${devices.id} and ${whereOf(s)}
            returning ${devices.id} as id, ${devices.name} as name, ${devices.tenantId} as tenant_id,
              o.group_id as from_id, g.name as from_name
          ),
          logged as (
            insert into device_activity (tenant_id, device_id, at, kind, actor_id, account, detail)
            select tenant_id, id, ${at.toISOString()}::timestamptz, 'moved', ${actor.userId}, ${actor.account},
              jsonb_build_object('from', from_name, 'to', ${to.name}::text)
            from touched where from_id <> ${to.id}
          )
          select id, name from touched`),
      );
    },

    async purge(s: DeviceScope): Promise<TouchedDevice[]> {
      return db.delete(devices).where(whereOf(s)).returning({ id: devices.id, name: devices.name });
    },

    async uptime(deviceId: string, days: number) {
      return db
        .select({ day: deviceUptime.day, hours: deviceUptime.hours })
        .from(deviceUptime)
        .where(eq(deviceUptime.deviceId, deviceId))
        .orderBy(desc(deviceUptime.day))
        .limit(days);
    },
  };
}
export type DeviceRepository = ReturnType<typeof deviceRepository>;
