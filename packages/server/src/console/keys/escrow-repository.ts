import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { deviceKeys, escrowedKeys, type Db, textArray } from '../../platform/db/index.ts';
import { deviceTenantSql } from '../store/index.ts';

export type DeviceKeyRow = typeof deviceKeys.$inferSelect;

/** The SQL of the data keys devices list and those they escrowed (console/keys owns both). */
/** One key an engine wrapped to its tenant's current escrow key. */
export interface EscrowedRow {
  tenantId: string;
  deviceId: string;
  escrowKeyId: string;
  id: string;
  wrapped: string;
}

export function escrowRepository(db: Db) {
  return {
    /**
     * The keys a device's state lists now, in one statement: new ones added (first seen now, and
     * escrowed already if escrowed_keys holds them under the current escrow key), those it no
     * longer lists dropped (their escrowed copies stay, so they can still be recovered).
     */
    /** Answers the tenant of the device when a key was new to it (none: nothing new). */
    async listed(deviceId: string, keyIds: string[], now: Date): Promise<string | undefined> {
      const result = await db.execute(sql`
        with gone as (
          delete from device_keys
          where device_id = ${deviceId} and key_id <> all(${textArray(keyIds)}::text[]))
        insert into device_keys (device_id, key_id, tenant_id, seen_at, escrowed_at)
        select ${deviceId}, l.key_id, t.tenant_id, ${now},
          (select e.escrowed_at from escrowed_keys e
            join escrow_keys k on k.id = e.escrow_key_id and k.state = 'current'
            where e.device_id = ${deviceId} and e.key_id = l.key_id)
        from unnest(${textArray(keyIds)}::text[]) as l(key_id), (${deviceTenantSql(deviceId)}) t
        on conflict (device_id, key_id) do nothing
        returning tenant_id`);
      return (result as unknown as { rows: { tenant_id: string }[] }).rows[0]?.tenant_id;
    },
    /**
     * Keys engines wrapped to their tenant's current escrow key, many engines' in two statements:
     * kept (a key already kept under that escrow key stays as it was), and marked escrowed.
     */
    async escrowed(rows: EscrowedRow[], now: Date) {
      if (rows.length === 0) return;
      await db
        .insert(escrowedKeys)
        .values(
          rows.map((k) => ({
            deviceId: k.deviceId,
            keyId: k.id,
            escrowKeyId: k.escrowKeyId,
            tenantId: k.tenantId,
            wrapped: k.wrapped,
            escrowedAt: now,
          })),
        )
        .onConflictDoNothing();
      // Escrowed only while that key is still the current one: a node that had not heard of a
      // rotation yet must not mark a key escrowed under the key the rotation retired.
      const whileCurrent = (escrowKeyId: string) => sql`(select ${now}::timestamptz where exists (
        select 1 from escrow_keys where id = ${escrowKeyId} and state = 'current'))`;
      await db
        .insert(deviceKeys)
        .values(
          rows.map((k) => ({
            deviceId: k.deviceId,
            keyId: k.id,
            tenantId: k.tenantId,
            seenAt: now,
            escrowedAt: whileCurrent(k.escrowKeyId),
          })),
        )
        .onConflictDoUpdate({
          target: [deviceKeys.deviceId, deviceKeys.keyId],
          set: { escrowedAt: sql`coalesce(${deviceKeys.escrowedAt}, excluded.escrowed_at)` },
        });
    },
    /**
     * Keys an engine wrapped to one of the tenant's `retiring` escrow keys, kept under it (not
     * marked escrowed: device_keys' escrowed_at is under the current key). Answers the ids wrapped
     * to a retiring key (kept now, or before); a key wrapped to any other is not kept.
     */
    async keptUnderRetiring(
      d: { tenantId: string; deviceId: string },
      keys: { id: string; escrow: string; wrapped: string }[],
      now: Date,
    ): Promise<string[]> {
      const kept: string[] = [];
      for (const k of keys) {
        // The escrow key read in the same statement: one retired meanwhile keeps nothing.
        const result = await db.execute(sql`
          with e as (
            select id from escrow_keys
            where id = ${k.escrow}::uuid and tenant_id = ${d.tenantId} and state = 'retiring'),
          ins as (
            insert into escrowed_keys
              (device_id, key_id, escrow_key_id, tenant_id, wrapped, escrowed_at)
            select ${d.deviceId}, ${k.id}, e.id, ${d.tenantId}, ${k.wrapped}, ${now} from e
            on conflict do nothing)
          select count(*)::int as n from e`);
        if ((result as unknown as { rows: { n: number }[] }).rows[0]?.n) kept.push(k.id);
      }
      return kept;
    },
    /** The data keys of these devices (a page of the escrow list), newest first per device. */
    keysOf(tenantId: string, deviceIds: string[]) {
      if (deviceIds.length === 0) return Promise.resolve([] as DeviceKeyRow[]);
      return db
        .select()
        .from(deviceKeys)
        .where(and(eq(deviceKeys.tenantId, tenantId), inArray(deviceKeys.deviceId, deviceIds)))
        .orderBy(desc(deviceKeys.seenAt), asc(deviceKeys.keyId));
    },
    /** A key a device escrowed, wrapped to this escrow key. */
    async wrapped(deviceId: string, keyId: string, escrowKeyId: string) {
      const [row] = await db
        .select({ wrapped: escrowedKeys.wrapped })
        .from(escrowedKeys)
        .where(
          and(
            eq(escrowedKeys.deviceId, deviceId),
            eq(escrowedKeys.keyId, keyId),
            eq(escrowedKeys.escrowKeyId, escrowKeyId),
          ),
        );
      return row?.wrapped;
    },
    /** The escrowed copies of a device's key (or of its newest escrowed key), newest first. */
    escrowedCopies(deviceId: string, keyId?: string) {
      return db
        .select({
          keyId: escrowedKeys.keyId,
          escrowKeyId: escrowedKeys.escrowKeyId,
          escrowedAt: escrowedKeys.escrowedAt,
        })
        .from(escrowedKeys)
        .where(
          and(
            eq(escrowedKeys.deviceId, deviceId),
            keyId ? eq(escrowedKeys.keyId, keyId) : undefined,
          ),
        )
        .orderBy(desc(escrowedKeys.escrowedAt))
        .limit(16);
    },
    /** The key the device's state listed last (its newest). */
    async newestListed(deviceId: string) {
      const [row] = await db
        .select({ keyId: deviceKeys.keyId })
        .from(deviceKeys)
        .where(eq(deviceKeys.deviceId, deviceId))
        .orderBy(desc(deviceKeys.seenAt), desc(deviceKeys.keyId))
        .limit(1);
      return row?.keyId;
    },
  };
}
