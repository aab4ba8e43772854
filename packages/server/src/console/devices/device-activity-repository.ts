import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DeviceActivityKind, TDeviceActivityDetail } from '@edp/shared/contracts/devices';
import { deviceActivity, type Db } from '../../platform/db/index.ts';
import { groupNamesSql } from '../store/index.ts';

/**
 * Who did it: a console user (id and account; no id when only the account is known, as a
 * command keeps it), or null for the engine and the console's clock.
 */
export interface ActivityActor {
  userId: string | null;
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

/** Rows in one INSERT: a sweep may end thousands of a task's commands at once. */
const INSERT_CHUNK = 1_000;

/**
 * Entries as one JSON parameter: a batch of a task's results (500 entries) took 90 ms as a
 * multi-row VALUES of 3,500 parameters, which the engines waited for (issue 38 point 1); the
 * database unpacks one text instead.
 */
const entriesJson = (entries: ActivityEntry[]) =>
  JSON.stringify(
    entries.map((e) => ({
      tenant_id: e.tenantId,
      device_id: e.deviceId,
      at: e.at.toISOString(),
      kind: e.kind,
      actor_id: e.actor?.userId ?? null,
      account: e.actor?.account ?? null,
      detail: e.detail ?? null,
    })),
  );

/** The scheduled end of window `request` on a device: a 'window' entry of step 'ended'. */
const windowEnd = (deviceId: string, request: string) => sql`
  ${deviceActivity.deviceId} = ${deviceId} and ${deviceActivity.kind} = 'window'
  and ${deviceActivity.detail}->'window'->>'step' = 'ended'
  and ${deviceActivity.detail}->'window'->>'request' = ${request}`;

/**
 * A device's activity (docs/engines.md "Activity"): one device's entries, and the entries the
 * console writes: its one-device changes, the commands that ended (a batch of results in one
 * statement) and the steps of elevation windows. Bulk actions write theirs in the statement that
 * makes the change (device-repository.ts); check-in facts are written by
 * device-checkin-repository.ts, as the engines tell them (`EngineEvents`).
 */
export function deviceActivityRepository(db: Db) {
  return {
    async insert(entries: ActivityEntry[]) {
      for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
        await db.execute(sql`
          insert into device_activity (tenant_id, device_id, at, kind, actor_id, account, detail)
          select tenant_id, device_id, at, kind, actor_id, account, coalesce(detail, '{}')
          from jsonb_to_recordset(${entriesJson(entries.slice(i, i + INSERT_CHUNK))}::jsonb)
            as r(tenant_id uuid, device_id uuid, at timestamptz, kind text, actor_id uuid,
              account text, detail jsonb)`);
      }
    },

    /**
     * A window's end written ahead moves (an adjusted window), by whom when it ends early; a
     * window's end that has come is history and stays.
     */
    async moveWindowEnd(
      deviceId: string,
      request: string,
      at: Date,
      actor: ActivityActor | null,
      now: Date,
    ) {
      await db
        .update(deviceActivity)
        .set({ at, actorId: actor?.userId ?? null, account: actor?.account ?? null })
        .where(and(windowEnd(deviceId, request), sql`${deviceActivity.at} > ${now}`));
    },

    /** Ends written ahead of windows that never opened on their device: nothing will end. */
    async dropWindowEnds(windows: { deviceId: string; request: string }[]) {
      if (windows.length === 0) return;
      await db.delete(deviceActivity).where(
        sql.join(
          windows.map((w) => sql`(${windowEnd(w.deviceId, w.request)})`),
          sql` or `,
        ),
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
        from devices d join (${groupNamesSql}) g on g.id = d.group_id
        where d.id = ${deviceId} and d.tenant_id = ${tenantId}`);
    },

    /**
     * Up to `limit` entries of a device, newest first, older than the entry `after` (its id):
     * a keyset read of device_activity_device_idx, however long the history. An `after` that is
     * not one of the device's entries answers nothing. Entries written ahead (a window's end)
     * are read once `now` reaches them.
     */
    async page(
      tenantId: string,
      deviceId: string,
      after: number | undefined,
      limit: number,
      now: Date,
    ) {
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
          and(
            eq(deviceActivity.deviceId, deviceId),
            eq(deviceActivity.tenantId, tenantId),
            lte(deviceActivity.at, now),
            older,
          ),
        )
        .orderBy(desc(deviceActivity.at), desc(deviceActivity.id))
        .limit(limit);
    },
  };
}
export type DeviceActivityRepository = ReturnType<typeof deviceActivityRepository>;
