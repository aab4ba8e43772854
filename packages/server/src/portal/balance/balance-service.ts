import type { TListRequest } from '@edp/shared/contracts/common';
import type { Platform } from '../../platform/platform.ts';
import { balanceQueries } from './balance-repository.ts';

/** My balance: the balance and its history. */
export function balanceService({ db }: Pick<Platform, 'db'>) {
  const queries = balanceQueries(db);
  return {
    history: (companyId: string, req: TListRequest) => queries.history(companyId, req),
  };
}
export type BalanceService = ReturnType<typeof balanceService>;
