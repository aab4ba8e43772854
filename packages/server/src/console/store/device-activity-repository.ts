import { and, desc, eq, sql } from 'drizzle-orm';
import type { DeviceActivityKind, TDeviceActivityDetail } from '@edp/shared/contracts/devices';
import { deviceActivity, type Db } from '../../platform/db/index.ts';

/** Who did it: a console user (id and account), or null for the engine and the console's clock. */
export interface ActivityActor {
  userId: string;
  account: string;
}

export interface ActivityEntry {
  tenantId: string;
  deviceId: string;
  at: Date;
  kind: DeviceActivityKind;
  actor: ActivityActor | null;
  detail?: TDeviceActivityDetail;
}

/**
 * A device's activity (docs/engines.md "Activity"): one device's entries, and the single entries
 * the console's one-device changes write. Bulk actions write theirs in the statement that makes
 * the change (device-repository.ts); engines' facts are written by engines/engine-repository.ts.
 */
export function deviceActivityRepository(db: Db) {
  return {
    async insert(entries: ActivityEntry[]) {
      if (entries.length === 0) return;
      await db.insert(deviceActivity).values(
        entries.map((e) => ({
          tenantId: e.tenantId,
          deviceId: e.deviceId,
          at: e.at,
          kind: e.kind,
          actorId: e.actor?.userId ?? null,
          account: e.actor?.account ?? null,
          detail: e.detail ?? {},
        })),
      );
    },

    /**
     * The enrolment of an engine, with the group the device is in (a re-enrolment keeps the
     * console's group, whatever group's secret the engine used): one INSERT … SELECT.
     */
    async enrolled(tenantId: string, deviceId: string, at: Date) {
      await db.execute(sql`
        insert into device_activity (tenant_id, device_id, at, kind, detail)
        select d.tenant_id, d.id, ${at.toISOString()}::timestamptz, 'enrolled', jsonb_build_object('group', g.name)
        from devices d join console_groups g on g.id = d.group_id
        where d.id = ${deviceId} and d.tenant_id = ${tenantId}`);
    },

    /**
     * Up to `limit` entries of a device, newest first, older than the entry `after` (its id):
     * a keyset read of device_activity_device_idx, however long the history. An `after` that is
     * not one of the device's entries answers nothing.
     */
    async page(tenantId: string, deviceId: string, after: number | undefined, limit: number) {
      const older =
        after === undefined
          ? undefined
          : sql`(${deviceActivity.at}, ${deviceActivity.id}) < (select a.at, a.id from device_activity a
              where a.id = ${after} and a.device_id = ${deviceId})`;
      return db
        .select({
          id: deviceActivity.id,
          at: deviceActivity.at,
          kind: deviceActivity.kind,
          account: deviceActivity.account,
          detail: deviceActivity.detail,
        })
        .from(deviceActivity)
        .where(
          and(eq(deviceActivity.deviceId, deviceId), eq(deviceActivity.tenantId, tenantId), older),
        )
        .orderBy(desc(deviceActivity.at), desc(deviceActivity.id))
        .limit(limit);
    },
  };
}
export type DeviceActivityRepository = ReturnType<typeof deviceActivityRepository>;
