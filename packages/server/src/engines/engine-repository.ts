import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
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

/**
 * The engine protocol's own SQL: the reads an enrolment and a check-in make of the console's
 * devices and secrets, and the heartbeat history (`device_uptime`), which the engines own. The
 * writes of devices and their activity are the console's (`EngineEvents`).
 */
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
