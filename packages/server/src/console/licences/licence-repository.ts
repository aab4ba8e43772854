import { and, asc, count, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { LICENCE_WARNING_DAYS } from '@edp/shared/constants';
import type { LicencePurpose, LicenceState } from '@edp/shared/contracts/licences';
import { consoleGroups, deviceLicenceRequests, devices, type Db } from '../../platform/db/index.ts';
import { deviceScopeSql, type DeviceScope } from '../store/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const DAY_MS = 86_400_000;

export type LicenceRequestRow = typeof deviceLicenceRequests.$inferSelect;

/**
 * A request is answered once a `licence.install` command carrying its id is open or finished
 * (docs/licences.md): the command's own state machine says so, exactly once.
 */
const answered = (requestId: SQL) => sql`exists (
  select 1 from commands c
  where c.device_id = ${deviceLicenceRequests.deviceId} and c.type = 'licence.install'
    and c.args->>'requestId' = ${requestId}
    and c.state in ('waiting', 'processing', 'finished'))`;

/** The conditions of a licence state, as the view and its filter count it. */
function stateSql(state: LicenceState, now: number): SQL {
  const soon = new Date(now + LICENCE_WARNING_DAYS * DAY_MS);
  switch (state) {
    case 'none':
      return isNull(devices.licenceExpiresAt);
    case 'expired':
      return lte(devices.licenceExpiresAt, new Date(now));
    case 'expiring':
      return and(gt(devices.licenceExpiresAt, new Date(now)), lte(devices.licenceExpiresAt, soon))!;
    case 'normal':
      return gt(devices.licenceExpiresAt, soon);
  }
}

/** The licence requests the console made, its devices' licences and their install records. */
export function licenceRepository(db: Db) {
  return {
    async insertRequest(row: LicenceRequestRow): Promise<void> {
      await db.insert(deviceLicenceRequests).values(row);
    },

    /** Many requests at once (a request archive): one statement. */
    async insertRequests(rows: LicenceRequestRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(deviceLicenceRequests).values(rows);
    },

    /** A device's requests not answered yet, newest first. */
    async outstanding(deviceId: string, limit = 20): Promise<LicenceRequestRow[]> {
      return db
        .select()
        .from(deviceLicenceRequests)
        .where(
          and(
            eq(deviceLicenceRequests.deviceId, deviceId),
            sql`not ${answered(sql`${deviceLicenceRequests.requestId}`)}`,
          ),
        )
        .orderBy(sql`${deviceLicenceRequests.createdAt} desc`)
        .limit(limit);
    },

    /** The tenant's requests of these ids, each with whether it was answered. */
    async findRequests(
      tenantId: string,
      requestIds: string[],
    ): Promise<(LicenceRequestRow & { answered: boolean })[]> {
      if (requestIds.length === 0) return [];
      return db
        .select({
          requestId: deviceLicenceRequests.requestId,
          tenantId: deviceLicenceRequests.tenantId,
          deviceId: deviceLicenceRequests.deviceId,
          purpose: deviceLicenceRequests.purpose,
          kind: deviceLicenceRequests.kind,
          fingerprint: deviceLicenceRequests.fingerprint,
          installedSerial: deviceLicenceRequests.installedSerial,
          months: deviceLicenceRequests.months,
          createdBy: deviceLicenceRequests.createdBy,
          createdAt: deviceLicenceRequests.createdAt,
          answered: sql<boolean>`${answered(sql`${deviceLicenceRequests.requestId}`)}`,
        })
        .from(deviceLicenceRequests)
        .where(
          and(
            eq(deviceLicenceRequests.tenantId, tenantId),
            sql`${deviceLicenceRequests.requestId} = any(${`{${requestIds.join(',')}}`}::text[])`,
          ),
        );
    },

    /** The devices of a scope, as many as `limit`, with what a request or a check needs. */
    async devicesOf(scope: DeviceScope, limit?: number) {
      const q = db
        .select({
          id: devices.id,
          tenantId: devices.tenantId,
          name: devices.name,
          kind: devices.kind,
          fingerprint: devices.fingerprint,
          licenceCode: devices.licenceCode,
          licenceSerial: devices.licenceSerial,
          licenceExpiresAt: devices.licenceExpiresAt,
        })
        .from(devices)
        .where(deviceScopeSql(scope))
        .orderBy(asc(devices.name), asc(devices.id));
      return limit === undefined ? q : q.limit(limit);
    },

    /**
     * A page of the licence view: running devices of the scope, expired and expiring first
     * (soonest end first, devices_expiry_idx), then those without a licence.
     */
    async page(scope: DeviceScope, q: { state?: LicenceState; limit: number; offset: number }) {
      const where = and(deviceScopeSql(scope), q.state ? stateSql(q.state, scope.now) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: devices.id,
            name: devices.name,
            number: devices.number,
            groupName: consoleGroups.name,
            kind: devices.kind,
            activation: devices.activation,
            licenseCode: devices.licenceCode,
            serial: devices.licenceSerial,
            expiresAt: devices.licenceExpiresAt,
          })
          .from(devices)
          .innerJoin(consoleGroups, eq(consoleGroups.id, devices.groupId))
          .where(where)
          .orderBy(sql`${devices.licenceExpiresAt} asc nulls last`, asc(devices.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(devices).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A device's installs: its finished `licence.install` commands, newest first. */
    async records(deviceId: string, limit = 100) {
      const result = await db.execute(sql`
        select c.finished_at as "at", c.created_by as "by", c.task_id as "taskId",
          coalesce(r.purpose, 'activate') as "purpose", c.detail
        from commands c
          left join device_licence_requests r on r.request_id = c.args->>'requestId'
        where c.device_id = ${deviceId} and c.type = 'licence.install' and c.state = 'finished'
        order by c.finished_at desc
        limit ${limit}`);
      return rowsOf<{
        at: string | Date;
        by: string;
        taskId: string | null;
        purpose: LicencePurpose;
        detail: Record<string, unknown> | null;
      }>(result);
    },
  };
}
export type LicenceRepository = ReturnType<typeof licenceRepository>;
