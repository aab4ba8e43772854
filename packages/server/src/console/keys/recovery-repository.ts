import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { RecoveryState } from '@edp/shared/contracts/keys';
import { keyRecoveries, recoveryShares, type Db } from '../../platform/db/index.ts';

export type RecoveryRow = typeof keyRecoveries.$inferSelect;
export type PresentedRow = typeof recoveryShares.$inferSelect;

/** The SQL of recoveries and the shares presented to them (console/keys owns both). */
export function recoveryRepository(db: Db) {
  return {
    async add(row: typeof keyRecoveries.$inferInsert) {
      await db.insert(keyRecoveries).values(row);
    },
    async find(tenantId: string, id: string): Promise<RecoveryRow | undefined> {
      const [row] = await db
        .select()
        .from(keyRecoveries)
        .where(and(eq(keyRecoveries.tenantId, tenantId), eq(keyRecoveries.id, id)));
      return row;
    },
    /** A page, newest first, from the keyset position `before` (time and id). */
    page(
      tenantId: string,
      opts: { state?: RecoveryState; before?: { at: Date; id: string }; size: number },
    ) {
      const b = opts.before;
      return db
        .select()
        .from(keyRecoveries)
        .where(
          and(
            eq(keyRecoveries.tenantId, tenantId),
            opts.state ? eq(keyRecoveries.state, opts.state) : undefined,
            b
              ? or(
                  lt(keyRecoveries.createdAt, b.at),
                  and(eq(keyRecoveries.createdAt, b.at), lt(keyRecoveries.id, b.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(keyRecoveries.createdAt), desc(keyRecoveries.id))
        .limit(opts.size);
    },
    presentedTo(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([] as PresentedRow[]);
      return db
        .select()
        .from(recoveryShares)
        .where(inArray(recoveryShares.recoveryId, ids))
        .orderBy(asc(recoveryShares.presentedAt));
    },
    /**
     * A share presented to an open recovery: false when this person already presented one (the
     * primary key) or the recovery is no longer open.
     */
    async present(row: typeof recoveryShares.$inferInsert): Promise<boolean> {
      const result = await db.execute(sql`
        insert into recovery_shares
          (recovery_id, holder_id, holder_account, holder_name, share_sealed, presented_at)
        select ${row.recoveryId}, ${row.holderId}, ${row.holderAccount}, ${row.holderName},
          ${row.shareSealed}, ${row.presentedAt}
        from key_recoveries r where r.id = ${row.recoveryId} and r.state = 'open'
        on conflict do nothing
        returning holder_id`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    },
    /** The recovery completed with its file; the delivery and the shares presented forgotten. */
    async complete(id: string, file: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(keyRecoveries)
          .set({ state: 'completed', file, completedAt: at, deliverSealed: null })
          .where(and(eq(keyRecoveries.id, id), eq(keyRecoveries.state, 'open')))
          .returning({ id: keyRecoveries.id });
        await tx
          .update(recoveryShares)
          .set({ shareSealed: null })
          .where(eq(recoveryShares.recoveryId, id));
        return done.length > 0;
      });
    },
    /** Ends an open recovery (cancelled, or expired): its delivery and shares forgotten. */
    async end(
      tenantId: string,
      id: string,
      state: 'cancelled' | 'expired',
      at: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(keyRecoveries)
          .set({ state, completedAt: at, deliverSealed: null })
          .where(
            and(
              eq(keyRecoveries.tenantId, tenantId),
              eq(keyRecoveries.id, id),
              eq(keyRecoveries.state, 'open'),
            ),
          )
          .returning({ id: keyRecoveries.id });
        await tx
          .update(recoveryShares)
          .set({ shareSealed: null })
          .where(eq(recoveryShares.recoveryId, id));
        return done.length > 0;
      });
    },
    /** Open recoveries past their time, every tenant's, turned expired in one statement. */
    async expireDue(now: Date, limit: number) {
      const result = await db.execute(sql`
        with due as (
          select id from key_recoveries
          where state = 'open' and expires_at <= ${now}
          order by expires_at limit ${limit} for update skip locked),
        done as (
          update key_recoveries r set state = 'expired', completed_at = ${now}, deliver_sealed = null
          from due where r.id = due.id
          returning r.id, r.tenant_id, r.device_id, r.device_name, r.key_id),
        forgotten as (
          update recovery_shares s set share_sealed = null from done where s.recovery_id = done.id)
        select id, tenant_id as "tenantId", device_id as "deviceId", device_name as "deviceName",
          key_id as "keyId"
        from done`);
      return (
        result as unknown as {
          rows: {
            id: string;
            tenantId: string;
            deviceId: string;
            deviceName: string;
            keyId: string;
          }[];
        }
      ).rows;
    },
    /** The file handed to its requester once: answered and forgotten; null the second time. */
    async takeFile(tenantId: string, id: string, at: Date): Promise<string | null> {
      const result = await db.execute(sql`
        with old as (
          select id, file from key_recoveries
          where tenant_id = ${tenantId} and id = ${id} and state = 'completed' and file is not null
          for update)
        update key_recoveries r set file = null, state = 'delivered', delivered_at = ${at}
        from old where r.id = old.id
        returning old.file`);
      return (result as unknown as { rows: { file: string }[] }).rows[0]?.file ?? null;
    },
    /** The open recovery's presented shares, sealed (the M-th present reads them). */
    async sealedShares(id: string) {
      return db
        .select({ holderId: recoveryShares.holderId, sealed: recoveryShares.shareSealed })
        .from(recoveryShares)
        .where(eq(recoveryShares.recoveryId, id));
    },
  };
}
