import { createHash } from 'node:crypto';
import { PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { normaliseCode, type Db } from '../../platform/db/index.ts';
import { rechargeRepository } from './recharge-repository.ts';

/** Recharge codes are bearer secrets: only this hash of the normalised code is stored. */
export const rechargeCodeHash = (code: string) =>
  createHash('sha256').update(normaliseCode(code)).digest('hex');

/** Redeems recharge codes, exactly once each (recharge-repository.ts). */
export function rechargeService({ db }: { db: Db }) {
  const repo = rechargeRepository(db);
  return {
    async redeem(companyId: string, code: string): Promise<{ balance: number; months: number }> {
      const result = await repo.redeem(companyId, rechargeCodeHash(code));
      if (!result) throw new AppError(PortalErr.RechargeCodeInvalid);
      return result;
    },
  };
}
export type RechargeService = ReturnType<typeof rechargeService>;
