import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MISSED_INTERVALS_OFFLINE,
  PRESENCE_SLACK_S,
  type TEngineIdentity,
  type TEngineState,
} from '@edp/shared/contracts/engine';
import type {
  ActivityRow,
  DeviceAuth,
  Enrolled,
  Enrolling,
  InstalledLicence,
  LicenceChange,
  Proof,
  Reproving,
} from '../../engines/index.ts';
import { deviceActivity, deviceEnrolSecrets, devices, type Db } from '../../platform/db/index.ts';

const stateColumns = (state: TEngineState, digest: string, now: Date) => ({
  install: state.install,
  detection: state.detection,
  activation: state.activation,
  version: state.version,
  protected: state.protected,
  // An engine that does not send its licence's code (before 1.1) keeps the one the console had.
  ...(state.licence && state.licence.code === null
    ? {}
    : { licenceCode: state.licence?.code ?? null }),
  licenceSerial: state.licence?.serial ?? null,
  licenceExpiresAt: state.licence?.expiresAt ?? null,
  stateDigest: digest,
  stateChangedAt: now,
  updatedAt: now,
});

/**
 * The SQL condition that a device row (`devices`, or the alias `d`) is proven by `proof`: the
 * same key with a newer time (an equal or older one is a replay), the current token, or, with
 * `allowance`, the console's allowance still running.
 */
function proven(proof: Proof, now: Date, allowance: boolean, alias?: 'd') {
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : `"devices"."${name}"`);
  const any = [sql`false`];
  if (proof.key !== undefined && proof.at !== undefined) {
    any.push(
      sql`(${col('engine_key')} = ${proof.key} and (${col('enrol_proof_at')} is null or ${col('enrol_proof_at')} < ${new Date(proof.at).toISOString()}::timestamptz))`,
    );
  }
  if (proof.tokenHash !== undefined) any.push(sql`${col('token_hash')} = ${proof.tokenHash}`);
  if (allowance) any.push(sql`${col('reenrol_until')} > ${now.toISOString()}::timestamptz`);
  return sql`(${sql.join(any, sql` or `)})`;
}

const identityColumns = (i: TEngineIdentity) => ({
  name: i.name,
  number: i.number,
  ip: i.ip,
  systemType: i.systemType,
  kernel: i.kernel,
  kind: i.kind,
  port: i.port,
  collectorIp: i.collectorIp,
  qid: i.qid,
});

const enrolledColumns = {
  id: devices.id,
  tenantId: devices.tenantId,
  groupId: devices.groupId,
  intervalS: devices.intervalS,
};
/**
 * How long after the last-seen time the database holds a device counts as offline (ms): three
 * missed intervals plus the stored time's lag, as the console's lists count it.
 */
export const offlineAfterMs = (intervalS: number) =>
  (intervalS * MISSED_INTERVALS_OFFLINE + PRESENCE_SLACK_S) * 1000;

/** The same in SQL, of a row of `devices` named `d`. */
const OFFLINE_AFTER = sql.raw(
  `make_interval(secs => d.interval_s * ${MISSED_INTERVALS_OFFLINE} + ${PRESENCE_SLACK_S})`,
);

/** A time as the activity's detail keeps it: ISO 8601 in UTC, as JavaScript writes it. */
const isoOf = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A device back from a gap, as writeLastSeen's statement answers it (times as ISO text). */
interface GapRow {
  tenant_id: string;
  id: string;
  last_seen: string;
  offline_at: string;
  seen_at: string;
}

/**
 * What a check-in's write of a device reveals, from the row as it was before (docs/engines.md
 * "Activity"): a gap that made the device count as offline (the pair "went offline" when it
 * began to count as offline, "back online" now), and a licence installed, changed or removed.
 * A gap that began before `upSince` (this node's start) is not reported: the console itself may
 * have been down, and every engine would seem to have gone away.
 */
export function checkInActivity(
  before: {
    tenantId: string;
    deviceId: string;
    intervalS: number;
    lastSeenAt: Date | null;
    licenceSerial: number | null;
    licenceExpiresAt: Date | null;
  },
  now: Date,
  licence: TEngineState['licence'],
  upSince: number,
): ActivityRow[] {
  const rows: ActivityRow[] = [];
  const entry = { tenantId: before.tenantId, deviceId: before.deviceId };
  const last = before.lastSeenAt;
  const gap =
    last !== null &&
    last.getTime() >= upSince &&
    last.getTime() + offlineAfterMs(before.intervalS) <= now.getTime();
  if (last && gap) {
    const detail = { lastSeen: last.toISOString() };
    const offlineAt = new Date(last.getTime() + offlineAfterMs(before.intervalS));
    rows.push({ ...entry, at: offlineAt, kind: 'offline', detail });
    rows.push({ ...entry, at: now, kind: 'online', detail });
  }
  const had =
    before.licenceSerial !== null && before.licenceExpiresAt
      ? { serial: before.licenceSerial, expiresAt: before.licenceExpiresAt.toISOString() }
      : null;
  const has = licence
    ? { serial: licence.serial, expiresAt: licence.expiresAt.toISOString() }
    : null;
  if (had?.serial !== has?.serial || had?.expiresAt !== has?.expiresAt) {
    rows.push({ ...entry, at: now, kind: 'licence', detail: { licence: has, previous: had } });
  }
  return rows;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The devices' rows as their engines read and write them through the console (`EngineEvents`,
 * issue 36 point 2): the secret an enrolment names and the devices of check-ins' tokens; an
 * enrolment, a check-in's changed state, the last-seen batches, the activity they
 * reveal, and the licences engines answered they installed. The device centre owns `devices` and
 * `device_activity`; each statement is the one the engines' batch makes.
 */
export function deviceCheckInRepository(db: Db) {
  return {
    /**
     * The group a live secret enrols into, by its SHA-256: one probe of the unique index. A
     * revoked or expired secret finds nothing, as a wrong one does.
     */
    async secretOwner(secretHash: string, now: Date) {
      const [row] = await db
        .select({
          secretId: deviceEnrolSecrets.id,
          secretName: deviceEnrolSecrets.name,
          tenantId: deviceEnrolSecrets.tenantId,
          groupId: deviceEnrolSecrets.groupId,
        })
        .from(deviceEnrolSecrets)
        .where(
          and(
            eq(deviceEnrolSecrets.secretHash, secretHash),
            isNull(deviceEnrolSecrets.revokedAt),
            or(isNull(deviceEnrolSecrets.expiresAt), gt(deviceEnrolSecrets.expiresAt, now)),
          ),
        )
        .limit(1);
      return row;
    },

    /** Why an enrolment came back empty: the device with this fingerprint is deprecated, or not. */
    async deprecatedByFingerprint(tenantId: string, fingerprint: string) {
      const [row] = await db
        .select({ status: devices.status })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), eq(devices.fingerprint, fingerprint)));
      return row?.status === 'deprecated';
    },

    /** Why a re-proof came back empty: the device of this key is deprecated, or not. */
    async deprecatedByKey(key: string) {
      const [row] = await db
        .select({ status: devices.status })
        .from(devices)
        .where(eq(devices.engineKey, key));
      return row?.status === 'deprecated';
    },

    /** The devices of these token hashes (one statement for a batch of check-ins). */
    async authByTokens(hashes: string[]): Promise<Map<string, DeviceAuth>> {
      const rows = await db
        .select({
          tokenHash: devices.tokenHash,
          deviceId: devices.id,
          tenantId: devices.tenantId,
          status: devices.status,
          stateDigest: devices.stateDigest,
          intervalS: devices.intervalS,
          lastSeenAt: devices.lastSeenAt,
        })
        .from(devices)
        .where(inArray(devices.tokenHash, hashes));
      return new Map(
        rows.map(({ tokenHash, lastSeenAt, ...auth }) => [
          tokenHash!,
          { ...auth, storedSeenAt: lastSeenAt?.getTime() ?? null },
        ]),
      );
    },

    /**
     * Enrols by fingerprint in one statement: a new device, or the same one again with a new
     * token when the request proves it is that device's engine (`proven`, below) or the console
     * allowed a re-enrolment. A deprecated device, or one not proven, is left alone: no row
     * comes back (`refusal` then says which). A device added in the console has no fingerprint,
     * so it is never adopted by one.
     */
    async enrol(input: Enrolling): Promise<Enrolled | undefined> {
      const { identity: i, now, proof } = input;
      const values = {
        ...identityColumns(i),
        ...stateColumns(input.state, input.digest, now),
        tokenHash: input.tokenHash,
        intervalS: input.intervalS,
        enrolSecretId: input.secretId,
        enrolledAt: now,
        lastSeenAt: now,
        // The key this enrolment proved holding becomes the device's; one without leaves the
        // device proven by its token alone. An allowance serves once.
        engineKey: proof.key ?? null,
        enrolProofAt: proof.at === undefined ? null : new Date(proof.at),
        reenrolUntil: null,
      };
      const [row] = await db
        .insert(devices)
        .values({
          tenantId: input.tenantId,
          groupId: input.groupId,
          fingerprint: i.fingerprint,
          ...values,
        })
        .onConflictDoUpdate({
          target: [devices.tenantId, devices.fingerprint],
          // The device keeps its group, name and remark as the console set them.
          set: { ...values, name: sql`${devices.name}` },
          setWhere: and(eq(devices.status, 'running'), proven(proof, now, true)),
        })
        .returning(enrolledColumns);
      return row;
    },

    /**
     * An engine the console knows, enrolling again with its proof and no secret (its token was
     * refused, or it registers the key it made after an upgrade): the device found by its key,
     * or by the token it still holds, gets a new token. Undefined: nothing proven, or the
     * device is deprecated (`deprecatedByKey` says).
     */
    async reprove(input: Reproving): Promise<Enrolled | undefined> {
      const { now, proof } = input;
      // One row at most, so a key and a token of two devices cannot give both one token.
      const tenant = input.tenantId ? sql` and d.tenant_id = ${input.tenantId}` : sql``;
      const one = sql`(select d.id from devices d where d.status = 'running' and ${proven(proof, now, false, 'd')}${tenant} limit 1)`;
      const [row] = await db
        .update(devices)
        .set({
          // The device is the one its key names, so its fingerprint follows the machine's (a
          // renamed host); one another device of the tenant holds is refused by the index.
          ...identityColumns(input.identity),
          fingerprint: input.identity.fingerprint,
          // Its name stays as the console set it, as at any re-enrolment.
          name: sql`${devices.name}`,
          ...stateColumns(input.state, input.digest, now),
          tokenHash: input.tokenHash,
          enrolledAt: now,
          lastSeenAt: now,
          engineKey: proof.key ?? null,
          enrolProofAt: proof.at === undefined ? null : new Date(proof.at),
          reenrolUntil: null,
        })
        // The condition again on the row itself: of two requests with one proof at the same
        // moment, the second sees the row the first wrote, and is refused as a replay.
        .where(and(eq(devices.id, one), eq(devices.status, 'running'), proven(proof, now, false)))
        .returning(enrolledColumns);
      return row;
    },

    /**
     * A changed state, written at once with the time it was seen. False: the device is
     * deprecated. The same statement answers the row as it was (a self-join on the primary key),
     * so a gap that made the device offline, or a new licence, is written to its activity
     * without another read; the insert runs only when there is such an entry. Gaps that began
     * before `upSince` are not reported (checkInActivity).
     */
    async writeState(
      deviceId: string,
      state: TEngineState,
      digest: string,
      now: Date,
      upSince: number,
    ) {
      const was = alias(devices, 'was');
      const [before] = await db
        .update(devices)
        .set({ ...stateColumns(state, digest, now), lastSeenAt: now })
        .from(was)
        .where(and(eq(was.id, devices.id), eq(devices.id, deviceId), eq(devices.status, 'running')))
        .returning({
          tenantId: devices.tenantId,
          deviceId: devices.id,
          intervalS: devices.intervalS,
          lastSeenAt: was.lastSeenAt,
          licenceSerial: was.licenceSerial,
          licenceExpiresAt: was.licenceExpiresAt,
        });
      if (!before) return false;
      const activity = checkInActivity(before, now, state.licence, upSince);
      if (activity.length > 0) await db.insert(deviceActivity).values(activity);
      return true;
    },

    /**
     * Marks hours seen in the devices' heartbeat history (`device_uptime`, which the device's page
     * shows): `bits` holds bit i for hour i (UTC) of the `day` beside it. One statement a batch
     * of the presence flusher's; a device deleted since its check-in is skipped.
     */
    async markUptime(ids: string[], days: string[], bits: number[]) {
      if (ids.length === 0) return;
      await db.execute(sql`
        insert into device_uptime (device_id, day, hours)
        select v.id, v.day, v.bits from unnest(
          ${`{${ids.join(',')}}`}::uuid[], ${`{${days.join(',')}}`}::date[], ${`{${bits.join(',')}}`}::int[]
        ) as v(id, day, bits)
        join devices d on d.id = v.id
        on conflict (device_id, day) do update set hours = device_uptime.hours | excluded.hours`);
    },

    /**
     * Last-seen times in one statement (presence.ts batches them). The statement also answers
     * the devices that come back from a gap long enough to count as offline (the row as it was,
     * by a self-join on the primary key): the flusher writes each one's pair "went offline" /
     * "back online" to its activity afterwards, in small statements (docs/decisions.md,
     * "Device activity"), with no read per check-in. The database's time is the latest any
     * node wrote, so several nodes agree. A gap that began before `upSince` (this node's start,
     * ms) is not answered (checkInActivity).
     */
    async writeLastSeen(ids: string[], seenAt: number[], upSince = 0): Promise<ActivityRow[]> {
      if (ids.length === 0) return [];
      const result = await db.execute(sql`
        with seen as (
          update devices d set last_seen_at = to_timestamp(v.ms / 1000.0)
          from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${seenAt.join(',')}}`}::float8[]) as v(id, ms),
            devices was
          where d.id = v.id and was.id = v.id
            and (d.last_seen_at is null or d.last_seen_at < to_timestamp(v.ms / 1000.0))
          returning d.id, d.tenant_id, d.status, d.last_seen_at as seen_at,
            was.last_seen_at as last_seen, was.last_seen_at + ${OFFLINE_AFTER} as offline_at
        )
        select s.tenant_id, s.id, ${isoOf('s.last_seen')} as last_seen,
          ${isoOf('s.offline_at')} as offline_at, ${isoOf('s.seen_at')} as seen_at
        from seen s
        where s.status = 'running' and s.offline_at <= s.seen_at
          and s.last_seen >= to_timestamp(${upSince / 1000})`);
      const { rows } = result as unknown as { rows: GapRow[] };
      return rows.flatMap((r) => {
        const entry = { tenantId: r.tenant_id, deviceId: r.id, detail: { lastSeen: r.last_seen } };
        return [
          { ...entry, at: new Date(r.offline_at), kind: 'offline' as const },
          { ...entry, at: new Date(r.seen_at), kind: 'online' as const },
        ];
      });
    },

    /** Activity rows in one statement (the flusher's gaps, in small batches). */
    async writeActivity(rows: ActivityRow[]) {
      if (rows.length > 0) await db.insert(deviceActivity).values(rows);
    },

    /**
     * The licences engines answered they installed, written to their devices at once (kind,
     * activation, code, serial, expiry), as the engines' next check-ins will report them.
     * Answers each device's licence now and before (a self-join on the primary key, no read),
     * for its activity; a licence the device's check-in reported already is no change.
     */
    async writeLicences(installed: InstalledLicence[], now: Date): Promise<LicenceChange[]> {
      if (installed.length === 0) return [];
      const result = await db.execute(sql`
        update devices d set kind = l.kind, activation = 'active', licence_code = l.code,
          licence_serial = l.serial, licence_expires_at = l.expires_at, updated_at = ${now}
        from devices was, jsonb_to_recordset(${JSON.stringify(
          installed.map((l) => ({
            device_id: l.deviceId,
            kind: l.kind,
            code: l.licenseCode,
            serial: l.serial,
            expires_at: l.expiresAt,
          })),
        )}::jsonb) as l(device_id uuid, kind text, code text, serial int, expires_at timestamptz)
        where d.id = l.device_id and was.id = l.device_id and d.status = 'running'
        returning d.tenant_id, d.id, l.code, l.serial, ${isoOf('l.expires_at')} as expires_at,
          was.licence_code as was_code, was.licence_serial as was_serial,
          ${isoOf('was.licence_expires_at')} as was_expires_at`);
      return rowsOf<{
        tenant_id: string;
        id: string;
        code: string;
        serial: number;
        expires_at: string;
        was_code: string | null;
        was_serial: number | null;
        was_expires_at: string | null;
      }>(result).flatMap((r) =>
        r.was_serial === r.serial && r.was_expires_at === r.expires_at
          ? []
          : [
              {
                tenantId: r.tenant_id,
                deviceId: r.id,
                licence: { serial: r.serial, expiresAt: r.expires_at, code: r.code },
                previous:
                  r.was_serial !== null && r.was_expires_at !== null
                    ? { serial: r.was_serial, expiresAt: r.was_expires_at, code: r.was_code }
                    : null,
              },
            ],
      );
    },
  };
}
export type DeviceCheckInRepository = ReturnType<typeof deviceCheckInRepository>;
