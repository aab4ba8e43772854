import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LicencePurpose } from '@edp/shared/contracts/licences';
import { deviceLicenceRequests, type Db } from '../../platform/db/index.ts';
import { licenceInstallsSql } from '../store/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type LicenceRequestRow = typeof deviceLicenceRequests.$inferSelect;

/**
 * A request is answered once a `licence.install` command carrying its id is open or finished
 * (docs/licences.md): the command's own state machine says so, exactly once.
 */
const answered = (requestId: SQL) => sql`exists (
  select 1 from (${licenceInstallsSql}) c
  where c.device_id = ${deviceLicenceRequests.deviceId} and c.request_id = ${requestId}
    and c.state in ('waiting', 'processing', 'finished'))`;

/** The licence requests the console made and their devices' install records. */
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

    /** A device's installs: its finished `licence.install` commands, newest first. */
    async records(deviceId: string, limit = 100) {
      const result = await db.execute(sql`
        select c.finished_at as "at", c.created_by as "by", c.task_id as "taskId",
          coalesce(r.purpose, 'activate') as "purpose", c.detail
        from (${licenceInstallsSql}) c
          left join device_licence_requests r on r.request_id = c.request_id
        where c.device_id = ${deviceId} and c.state = 'finished'
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
