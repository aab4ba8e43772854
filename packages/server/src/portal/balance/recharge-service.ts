import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import {
  normaliseCode,
  type Db,
  balanceRecords,
  companies,
  rechargeCodes,
} from '../../platform/db/index.ts';

/** Recharge codes are bearer secrets: only this hash of the normalised code is stored. */
export const rechargeCodeHash = (code: string) =>
  createHash('sha256').update(normaliseCode(code)).digest('hex');

/**
 * Redeems a recharge code: marking it used, raising the balance and writing the history row
 * happen in one transaction, and the conditional UPDATE lets only one redemption win.
 */
export function rechargeService(db: Db) {
  return {
    async redeem(companyId: string, code: string): Promise<{ balance: number; months: number }> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(rechargeCodes)
          .set({ usedAt: sql`now()`, usedBy: companyId })
          .where(
            and(eq(rechargeCodes.codeHash, rechargeCodeHash(code)), isNull(rechargeCodes.usedAt)),
          )
          .returning({ id: rechargeCodes.id, months: rechargeCodes.months });
        if (!used) throw new AppError(PortalErr.RechargeCodeInvalid);
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
