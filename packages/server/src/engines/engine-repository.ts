import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TEngineIdentity, TEngineState } from '@edp/shared/contracts/engine';
import { deviceEnrolSecrets, devices, type Db } from '../platform/db/index.ts';

/** What a check-in needs of its device, cached by token hash (engine-auth.ts). */
export interface DeviceAuth {
  deviceId: string;
  tenantId: string;
  status: 'running' | 'deprecated';
  stateDigest: string | null;
  intervalS: number;
  /** The last-seen time the database holds (ms), so presence knows when to write again. */
  storedSeenAt: number | null;
}

const stateColumns = (state: TEngineState, digest: string, now: Date) => ({
  install: state.install,
  detection: state.detection,
  activation: state.activation,
  version: state.version,
  protected: state.protected,
  licenceSerial: state.licence?.serial ?? null,
  licenceExpiresAt: state.licence?.expiresAt ?? null,
  stateDigest: digest,
  stateChangedAt: now,
  updatedAt: now,
});

/** All SQL of the engine protocol. */
export function engineRepository(db: Db) {
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

    /**
     * Enrols by fingerprint in one statement: a new device, or the same one again (a device added
     * in the console with that fingerprint, or an engine re-enrolling) with a new token. A
     * deprecated device is left alone: no row comes back.
     */
    async enrol(input: {
      tenantId: string;
      groupId: string;
      /** The secret it enrolled with: the secrets' list counts its engines. */
      secretId: string;
      identity: TEngineIdentity;
      state: TEngineState;
      digest: string;
      tokenHash: string;
      intervalS: number;
      now: Date;
    }): Promise<{ id: string; intervalS: number } | undefined> {
      const { identity: i, now } = input;
      const identity = {
        name: i.name,
        number: i.number,
        ip: i.ip,
        systemType: i.systemType,
        kernel: i.kernel,
        kind: i.kind,
        port: i.port,
        collectorIp: i.collectorIp,
        qid: i.qid,
      };
      const values = {
        ...identity,
        ...stateColumns(input.state, input.digest, now),
        tokenHash: input.tokenHash,
        intervalS: input.intervalS,
        enrolSecretId: input.secretId,
        enrolledAt: now,
        lastSeenAt: now,
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
          setWhere: eq(devices.status, 'running'),
        })
        .returning({ id: devices.id, intervalS: devices.intervalS });
      return row;
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

    /** A changed state, written at once with the time it was seen. False: the device is deprecated. */
    async writeState(deviceId: string, state: TEngineState, digest: string, now: Date) {
      const rows = await db
        .update(devices)
        .set({ ...stateColumns(state, digest, now), lastSeenAt: now })
        .where(and(eq(devices.id, deviceId), eq(devices.status, 'running')))
        .returning({ id: devices.id });
      return rows.length === 1;
    },

    /** Last-seen times in one statement (presence.ts batches them). */
    async writeLastSeen(ids: string[], seenAt: number[]) {
      if (ids.length === 0) return;
      await db.execute(sql`
        update devices d set last_seen_at = to_timestamp(v.ms / 1000.0)
        from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${seenAt.join(',')}}`}::float8[]) as v(id, ms)
        where d.id = v.id and (d.last_seen_at is null or d.last_seen_at < to_timestamp(v.ms / 1000.0))`);
    },

    /** Marks hours seen in the heartbeat history: `hours` holds bit i for hour i (UTC) of `day`. */
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
  };
}
export type EngineRepository = ReturnType<typeof engineRepository>;
