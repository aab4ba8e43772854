import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rechargeCodes } from '../../platform/db/index.ts';
import { balanceRepository } from './balance-repository.ts';

/** Recharge codes: the one place `recharge_codes` is written. */
export function rechargeRepository(db: Db) {
  return {
    /** New unused codes of a package, worth `months` each, stored by their hashes. */
    async insertCodes(packageId: string, months: number, hashes: string[]) {
      await db
        .insert(rechargeCodes)
        .values(hashes.map((codeHash) => ({ packageId, months, codeHash })));
    },

    /**
     * Marks the unused code with this hash used, raises the balance (`raise`: the company
     * module's write, handed the transaction; the balance after) and writes the history row, in
     * one transaction; the conditional UPDATE lets only one redemption win. Undefined when no
     * unused code has this hash.
     */
    async redeem(
      companyId: string,
      codeHash: string,
      raise: (tx: Db, months: number) => Promise<number>,
    ): Promise<{ balance: number; months: number } | undefined> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(rechargeCodes)
          .set({ usedAt: sql`now()`, usedBy: companyId })
          .where(and(eq(rechargeCodes.codeHash, codeHash), isNull(rechargeCodes.usedAt)))
          .returning({ id: rechargeCodes.id, months: rechargeCodes.months });
        if (!used) return undefined;
        const balance = await raise(tx as unknown as Db, used.months);
        await balanceRepository(tx as unknown as Db).insertRecharge({
          companyId,
          rechargeCodeId: used.id,
          months: used.months,
          balanceAfter: balance,
        });
        return { balance, months: used.months };
      });
    },
  };
}
