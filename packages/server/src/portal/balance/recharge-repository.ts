import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, balanceRecords, companies, rechargeCodes } from '../../platform/db/index.ts';

/** Recharge codes and the balance they raise. */
export function rechargeRepository(db: Db) {
  return {
    /**
     * Marks the unused code with this hash used, raises the balance and writes the history row,
     * in one transaction; the conditional UPDATE lets only one redemption win. Undefined when no
     * unused code has this hash.
     */
    async redeem(
      companyId: string,
      codeHash: string,
    ): Promise<{ balance: number; months: number } | undefined> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(rechargeCodes)
          .set({ usedAt: sql`now()`, usedBy: companyId })
          .where(and(eq(rechargeCodes.codeHash, codeHash), isNull(rechargeCodes.usedAt)))
          .returning({ id: rechargeCodes.id, months: rechargeCodes.months });
        if (!used) return undefined;
        const [company] = await tx
          .update(companies)
          .set({ balance: sql`${companies.balance} + ${used.months}` })
          .where(eq(companies.id, companyId))
          .returning({ balance: companies.balance });
        await tx.insert(balanceRecords).values({
          companyId,
          type: 'recharge',
          change: used.months,
          balanceAfter: company!.balance,
          rechargeCodeId: used.id,
        });
        return { balance: company!.balance, months: used.months };
      });
    },
  };
}
