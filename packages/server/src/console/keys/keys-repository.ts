import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SplitState } from '@edp/shared/contracts/keys';
import { escrowKeys, keyShares, keySplits, tenantKeys, type Db } from '../../platform/db/index.ts';

export type TenantKeyRow = typeof tenantKeys.$inferSelect;
export type EscrowKeyRow = typeof escrowKeys.$inferSelect;
export type SplitRow = typeof keySplits.$inferSelect;
export type ShareRow = typeof keyShares.$inferSelect;

/** The SQL of a tenant's KEK, escrow pairs, splits and shares (console/keys owns them). */
export function keysRepository(db: Db) {
  return {
    async tenantKey(tenantId: string): Promise<TenantKeyRow | undefined> {
      const [row] = await db.select().from(tenantKeys).where(eq(tenantKeys.tenantId, tenantId));
      return row;
    },
    /** Which of these tenants have initialised their keys (the vendor's list shows it). */
    async initialised(tenantIds: string[]): Promise<Set<string>> {
      if (tenantIds.length === 0) return new Set();
      const rows = await db
        .select({ id: tenantKeys.tenantId })
        .from(tenantKeys)
        .where(inArray(tenantKeys.tenantId, tenantIds));
      return new Set(rows.map((r) => r.id));
    },
    /** Every tenant that has initialised its keys (the vendor's customers filtered by it). */
    async initialisedTenants(): Promise<string[]> {
      const rows = await db.select({ id: tenantKeys.tenantId }).from(tenantKeys);
      return rows.map((r) => r.id);
    },
    /** The tenant's keys, once: false when another call initialised them first. */
    async initialise(
      key: typeof tenantKeys.$inferInsert,
      escrow: typeof escrowKeys.$inferInsert,
      split?: { split: typeof keySplits.$inferInsert; shares: (typeof keyShares.$inferInsert)[] },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const made = await tx
          .insert(tenantKeys)
          .values(key)
          .onConflictDoNothing()
          .returning({ id: tenantKeys.tenantId });
        if (made.length === 0) return false;
        await tx.insert(escrowKeys).values(escrow);
        if (split) {
          await tx.insert(keySplits).values(split.split);
          await tx.insert(keyShares).values(split.shares);
        }
        return true;
      });
    },
    async currentEscrowKey(tenantId: string): Promise<EscrowKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(escrowKeys)
        .where(and(eq(escrowKeys.tenantId, tenantId), eq(escrowKeys.state, 'current')));
      return row;
    },
    async escrowKey(tenantId: string, id: string): Promise<EscrowKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(escrowKeys)
        .where(and(eq(escrowKeys.tenantId, tenantId), eq(escrowKeys.id, id)));
      return row;
    },
    escrowKeysOf(tenantId: string) {
      return db.select().from(escrowKeys).where(eq(escrowKeys.tenantId, tenantId));
    },
    /** The tenant's pending and active splits (at most one each). */
    splits(tenantId: string, states: SplitState[] = ['pending', 'active']) {
      return db
        .select()
        .from(keySplits)
        .where(and(eq(keySplits.tenantId, tenantId), inArray(keySplits.state, states)));
    },
    async split(tenantId: string, id: string): Promise<SplitRow | undefined> {
      const [row] = await db
        .select()
        .from(keySplits)
        .where(and(eq(keySplits.tenantId, tenantId), eq(keySplits.id, id)));
      return row;
    },
    sharesOf(splitIds: string[]) {
      if (splitIds.length === 0) return Promise.resolve([] as ShareRow[]);
      return db
        .select()
        .from(keyShares)
        .where(inArray(keyShares.splitId, splitIds))
        .orderBy(asc(keyShares.holderAccount));
    },
    async share(splitId: string, holderId: string): Promise<ShareRow | undefined> {
      const [row] = await db
        .select()
        .from(keyShares)
        .where(and(eq(keyShares.splitId, splitId), eq(keyShares.holderId, holderId)));
      return row;
    },
    /** A new pending split: false when one is pending already (the partial unique index). */
    async addSplit(
      split: typeof keySplits.$inferInsert,
      shares: (typeof keyShares.$inferInsert)[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const made = await tx
          .insert(keySplits)
          .values(split)
          .onConflictDoNothing()
          .returning({ id: keySplits.id });
        if (made.length === 0) return false;
        await tx.insert(keyShares).values(shares);
        return true;
      });
    },
    /** Drops a pending split and its shares. */
    async dropPending(tenantId: string): Promise<SplitRow | undefined> {
      const [row] = await db
        .delete(keySplits)
        .where(and(eq(keySplits.tenantId, tenantId), eq(keySplits.state, 'pending')))
        .returning();
      return row;
    },
    /** The share handed out once: answers its sealed copy and forgets it; null the second time. */
    async takeShare(splitId: string, holderId: string, at: Date): Promise<string | null> {
      const result = await db.execute(sql`
        with old as (
          select split_id, holder_id, share_sealed from key_shares
          where split_id = ${splitId} and holder_id = ${holderId} and downloaded_at is null
          for update)
        update key_shares s set share_sealed = null, downloaded_at = ${at}
        from old where s.split_id = old.split_id and s.holder_id = old.holder_id
        returning old.share_sealed as sealed`);
      return (result as unknown as { rows: { sealed: string | null }[] }).rows[0]?.sealed ?? null;
    },
    async confirm(splitId: string, holderId: string, at: Date) {
      await db
        .update(keyShares)
        .set({ confirmedAt: at })
        .where(
          and(
            eq(keyShares.splitId, splitId),
            eq(keyShares.holderId, holderId),
            isNull(keyShares.confirmedAt),
          ),
        );
    },
    /**
     * A pending split whose holders all confirmed becomes active, in one transaction: the tenant's
     * KEK becomes the split's, the escrow identities are wrapped again under it, the old split is
     * retired. False when it is not pending any more (another confirmation did it).
     */
    async activate(a: {
      tenantId: string;
      splitId: string;
      kek: { kekId: string; kekWrapped: string; kekCheck: string };
      /** The escrow identities wrapped again, from the rows read under the KEK row's lock. */
      rewrap: (rows: EscrowKeyRow[]) => { id: string; identityWrapped: string }[];
      at: Date;
    }): Promise<boolean> {
      const notPending = new Error('split not pending');
      return db
        .transaction(async (tx) => {
          // Locked first: an escrow-key rotation (which locks it too) is wholly before or after.
          const [was] = await tx
            .select({ kekId: tenantKeys.kekId, kekWrapped: tenantKeys.kekWrapped })
            .from(tenantKeys)
            .where(eq(tenantKeys.tenantId, a.tenantId))
            .for('update');
          const rewrapped = a.rewrap(
            await tx.select().from(escrowKeys).where(eq(escrowKeys.tenantId, a.tenantId)),
          );
          await tx
            .update(keySplits)
            .set({ state: 'retired', retiredAt: a.at })
            .where(and(eq(keySplits.tenantId, a.tenantId), eq(keySplits.state, 'active')));
          const moved = await tx
            .update(keySplits)
            .set({ state: 'active', activatedAt: a.at, kekWrapped: null })
            .where(
              and(
                eq(keySplits.tenantId, a.tenantId),
                eq(keySplits.id, a.splitId),
                eq(keySplits.state, 'pending'),
              ),
            )
            .returning({ id: keySplits.id });
          // Another confirmation activated it first: nothing of this one stays.
          if (moved.length === 0) throw notPending;
          // The KEK replaced stays until what it sealed elsewhere is sealed again (finishedKek).
          await tx
            .update(tenantKeys)
            .set({ ...a.kek, previousKekId: was!.kekId, previousKekWrapped: was!.kekWrapped })
            .where(eq(tenantKeys.tenantId, a.tenantId));
          for (const r of rewrapped)
            await tx
              .update(escrowKeys)
              .set({ identityWrapped: r.identityWrapped })
              .where(and(eq(escrowKeys.tenantId, a.tenantId), eq(escrowKeys.id, r.id)));
          return true;
        })
        .catch((err: unknown) => {
          if (err === notPending) return false;
          throw err;
        });
    },
    /** Tenants whose replaced KEK is still kept: a KEK change not finished (a stop half way). */
    async unfinishedKekChanges(): Promise<string[]> {
      const rows = await db
        .select({ id: tenantKeys.tenantId })
        .from(tenantKeys)
        .where(isNotNull(tenantKeys.previousKekId));
      return rows.map((r) => r.id);
    },
    /** Forgets the replaced KEK once everything it sealed is sealed again. */
    async finishedKek(tenantId: string, previousKekId: string) {
      await db
        .update(tenantKeys)
        .set({ previousKekId: null, previousKekWrapped: null })
        .where(and(eq(tenantKeys.tenantId, tenantId), eq(tenantKeys.previousKekId, previousKekId)));
    },
  };
}
