import { createHash } from 'node:crypto';
import { PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { normaliseCode, randomCode } from '../../platform/db/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { CompanyService } from '../company/index.ts';
import { rechargeRepository } from './recharge-repository.ts';

/** Recharge codes are bearer secrets: only this hash of the normalised code is stored. */
export const rechargeCodeHash = (code: string) =>
  createHash('sha256').update(normaliseCode(code)).digest('hex');

/**
 * Recharge codes: made for the vendor's packages, redeemed exactly once each
 * (recharge-repository.ts); a redemption raises the company's balance through portal/company.
 */
export function rechargeService({
  db,
  companies,
}: Pick<Platform, 'db'> & { companies: Pick<CompanyService, 'addToBalance'> }) {
  const repo = rechargeRepository(db);
  return {
    async redeem(companyId: string, code: string): Promise<{ balance: number; months: number }> {
      const result = await repo.redeem(companyId, rechargeCodeHash(code), (tx, months) =>
        companies.addToBalance(tx, companyId, months),
      );
      if (!result) throw new AppError(PortalErr.RechargeCodeInvalid);
      return result;
    },

    /** New single-use codes of a package worth `months` each; they are shown this once only. */
    async makeCodes(packageId: string, months: number, count: number): Promise<string[]> {
      const codes = Array.from({ length: count }, () => randomCode(4));
      await repo.insertCodes(
        packageId,
        months,
        codes.map((c) => rechargeCodeHash(c)),
      );
      return codes;
    },
  };
}
export type RechargeService = ReturnType<typeof rechargeService>;
