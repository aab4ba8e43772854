import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { deviceKeys, escrowKeys, tenantKeys, type Db } from '../../platform/db/index.ts';
import type { EscrowKeyRow, TenantKeyRow } from './keys-repository.ts';

/** The SQL of escrow-key rotations (console/keys owns escrow_keys, escrowed_keys, device_keys). */
export function escrowRotationRepository(db: Db) {
  return {
    /**
     * A new escrow key current, in one transaction: the tenant's KEK row is locked first (a
     * concurrent rotation, or a split activating and wrapping the identities again, waits), the
     * current key becomes `retiring`, the new one is made from the locked KEK row and inserted,
     * and every device key of the tenant is marked not escrowed under the current key, in one
     * statement. Answers the key replaced, or undefined when the keys are not initialised.
     */
    async rotate(
      tenantId: string,
      at: Date,
      make: (tk: TenantKeyRow) => Promise<typeof escrowKeys.$inferInsert>,
    ): Promise<{ fromId: string; toId: string } | undefined> {
      return db.transaction(async (tx) => {
        const [tk] = await tx
          .select()
          .from(tenantKeys)
          .where(eq(tenantKeys.tenantId, tenantId))
          .for('update');
        if (!tk) return undefined;
        const [from] = await tx
          .update(escrowKeys)
          .set({ state: 'retiring', retiringAt: at })
          .where(and(eq(escrowKeys.tenantId, tenantId), eq(escrowKeys.state, 'current')))
          .returning({ id: escrowKeys.id });
        if (!from) return undefined;
        const row = await make(tk);
        await tx.insert(escrowKeys).values(row);
        await tx
          .update(deviceKeys)
          .set({ escrowedAt: null })
          .where(and(eq(deviceKeys.tenantId, tenantId), isNotNull(deviceKeys.escrowedAt)));
        return { fromId: from.id, toId: row.id };
      });
    },
    /** The tenant's retiring escrow keys, the newest replaced first. */
    retiring(tenantId: string): Promise<EscrowKeyRow[]> {
      return db
        .select()
        .from(escrowKeys)
        .where(and(eq(escrowKeys.tenantId, tenantId), eq(escrowKeys.state, 'retiring')))
        .orderBy(desc(escrowKeys.retiringAt));
    },
    /** Tenants with a rotation under way (the job's look). */
    async rotatingTenants(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ tenantId: escrowKeys.tenantId })
        .from(escrowKeys)
        .where(eq(escrowKeys.state, 'retiring'));
      return rows.map((r) => r.tenantId);
    },
    /**
     * Retires the tenant's retiring keys: their rows deleted, and with them (the foreign key
     * cascades) the data keys wrapped to them. Answers the ids retired (none: another did it).
     */
    async retire(tenantId: string, ids?: string[]): Promise<string[]> {
      const rows = await db
        .delete(escrowKeys)
        .where(
          and(
            eq(escrowKeys.tenantId, tenantId),
            eq(escrowKeys.state, 'retiring'),
            ids ? inArray(escrowKeys.id, ids) : undefined,
          ),
        )
        .returning({ id: escrowKeys.id });
      return rows.map((r) => r.id);
    },
  };
}
