import type { TListRequest } from '@edp/shared/contracts/common';
import type { Db } from '../../platform/db/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { CompanyService } from '../company/index.ts';
import { balanceQueries, balanceRepository, type IssuePayment } from './balance-repository.ts';

export type { IssuePayment };

/**
 * My balance: the balance and its history. The balance itself is a column of the company's row
 * (portal/company moves it); the history (`balance_records`) is this module's. Licence issuing
 * pays through `debit` and `recordPayments`, in its own transaction `tx`.
 */
export function balanceService({
  db,
  companies,
}: Pick<Platform, 'db'> & {
  companies: Pick<CompanyService, 'balanceOf' | 'takeFromBalance'>;
}) {
  const queries = balanceQueries(db);
  return {
    /** The balance (portal/company's) and a page of its history. */
    async history(companyId: string, req: TListRequest) {
      const [balance, page] = await Promise.all([
        companies.balanceOf(companyId),
        queries.history(companyId, req),
      ]);
      return { balance, ...page };
    },
    /** The company's balance in months, read in `tx` when given. */
    current: (companyId: string, tx?: Db) => companies.balanceOf(companyId, tx),
    /** Takes `cost` months off if that many are left: the balance after, else undefined. */
    debit: (tx: Db, companyId: string, cost: number) =>
      companies.takeFromBalance(tx, companyId, cost),
    /** The history rows of what certificates cost (after their issue records), in order. */
    recordPayments: (tx: Db, payments: IssuePayment[]) =>
      balanceRepository(tx).insertIssuePayments(payments),
  };
}
export type BalanceService = ReturnType<typeof balanceService>;
