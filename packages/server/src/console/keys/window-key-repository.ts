import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { deviceWindowKeys, windowKeys, type Db } from '../../platform/db/index.ts';
import { deviceTenantSql } from '../store/index.ts';

export type WindowKeyRow = typeof windowKeys.$inferSelect;
export type WindowKeyState = WindowKeyRow['state'];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The SQL of the tenants' window-signing keys and the key each engine trusts (console/keys'). */
export function windowKeyRepository(db: Db) {
  return {
    /** The tenant's own current key; none before its first rotation (the shared key signs). */
    async current(tenantId: string): Promise<WindowKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(windowKeys)
        .where(and(eq(windowKeys.tenantId, tenantId), eq(windowKeys.state, 'current')));
      return row;
    },

    async find(tenantId: string, id: string): Promise<WindowKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(windowKeys)
        .where(and(eq(windowKeys.tenantId, tenantId), eq(windowKeys.id, id)));
      return row;
    },

    /** Every key of the tenant with a private half (what a new KEK wraps again). */
    wrapped(tenantId: string) {
      return db
        .select({ id: windowKeys.id, privateWrapped: windowKeys.privateWrapped })
        .from(windowKeys)
        .where(and(eq(windowKeys.tenantId, tenantId), isNotNull(windowKeys.privateWrapped)));
    },

    async rewrap(tenantId: string, rows: { id: string; privateWrapped: string }[]) {
      for (const r of rows)
        await db
          .update(windowKeys)
          .set({ privateWrapped: r.privateWrapped })
          .where(and(eq(windowKeys.tenantId, tenantId), eq(windowKeys.id, r.id)));
    },

    /**
     * A rotation, in one transaction: the key that signs until now becomes `previous` (or
     * `revoked`), recorded as a row of its own when it was the console's shared key, and the new
     * one `current`, its private half wrapped (`wrap`) under the KEK read with its row locked, so
     * a new split made active meanwhile either waits for it (and wraps it again) or comes first
     * (and this wraps under the new KEK). Two rotations at once: the second meets the unique
     * index of `current` and throws (the caller tries again). False: the keys not initialised.
     */
    async rotate(
      next: Omit<WindowKeyRow, 'state' | 'endedAt' | 'privateWrapped'>,
      wrap: (kek: { kekId: string; kekWrapped: string }) => string,
      replaced: { id: string; publicPem: string; shared: boolean },
      ended: 'previous' | 'revoked',
    ): Promise<boolean> {
      const { tenantId, createdAt: now } = next;
      return db.transaction(async (tx) => {
        const [kek] = rowsOf<{ kek_id: string; kek_wrapped: string }>(
          await tx.execute(sql`
            select kek_id, kek_wrapped from tenant_keys where tenant_id = ${tenantId} for update`),
        );
        if (!kek) return false;
        const privateWrapped = wrap({ kekId: kek.kek_id, kekWrapped: kek.kek_wrapped });
        if (replaced.shared) {
          await tx
            .insert(windowKeys)
            .values({
              tenantId,
              id: replaced.id,
              publicPem: replaced.publicPem,
              privateWrapped: null,
              state: ended,
              createdAt: now,
              endedAt: now,
            })
            .onConflictDoUpdate({
              target: [windowKeys.tenantId, windowKeys.id],
              set: { state: ended, endedAt: now },
            });
        } else {
          await tx
            .update(windowKeys)
            .set({ state: ended, endedAt: now })
            .where(and(eq(windowKeys.tenantId, tenantId), eq(windowKeys.id, replaced.id)));
        }
        await tx
          .insert(windowKeys)
          .values({ ...next, privateWrapped, state: 'current', endedAt: null });
        return true;
      });
    },

    /**
     * The key a device's engine reports (after a check-in whose state changed): kept, or
     * dropped when it reports none (an engine from before).
     */
    async reported(deviceId: string, keyId: string | null, now: Date) {
      if (keyId === null) {
        await db.delete(deviceWindowKeys).where(eq(deviceWindowKeys.deviceId, deviceId));
        return;
      }
      await db.execute(sql`
        insert into device_window_keys (device_id, tenant_id, key_id, seen_at)
        select ${deviceId}, t.tenant_id, ${keyId}, ${now} from (${deviceTenantSql(deviceId)}) t
        on conflict (device_id) do update set key_id = excluded.key_id, seen_at = excluded.seen_at
        where device_window_keys.key_id <> excluded.key_id`);
    },

    /** How many of the tenant's engines report this key (device_window_keys_tenant_idx). */
    async reporting(tenantId: string, keyId: string): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from device_window_keys
          where tenant_id = ${tenantId} and key_id = ${keyId}`),
      );
      return row?.n ?? 0;
    },
  };
}
