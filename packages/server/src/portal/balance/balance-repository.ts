import { count, desc, eq } from 'drizzle-orm';
import type { TListRequest } from '@edp/shared/contracts/common';
import type { TBalanceRecord } from '@edp/shared/contracts/com';
import {
  type Db,
  balanceRecords,
  companies,
  engines,
  issueRecords,
  licences,
  rechargeCodes,
  rechargePackages,
} from '../../platform/db/index.ts';

/** A certificate's payment: `cost` (months of balance) taken off for the issue record. */
export interface IssuePayment {
  companyId: string;
  issueRecordId: string;
  cost: number;
  /** The balance after this payment. */
  balanceAfter: number;
}

/** The balance history's writes: the one place `balance_records` is written. */
export function balanceRepository(db: Db) {
  return {
    /** The history rows of certificates' payments, in the order given. */
    async insertIssuePayments(payments: IssuePayment[]): Promise<void> {
      if (!payments.length) return;
      await db.insert(balanceRecords).values(
        payments.map((p) => ({
          companyId: p.companyId,
          type: 'issue' as const,
          change: -p.cost,
          balanceAfter: p.balanceAfter,
          issueRecordId: p.issueRecordId,
        })),
      );
    },

    /** The history row of a redeemed recharge code. */
    async insertRecharge(row: {
      companyId: string;
      rechargeCodeId: string;
      months: number;
      balanceAfter: number;
    }): Promise<void> {
      await db.insert(balanceRecords).values({
        companyId: row.companyId,
        type: 'recharge',
        change: row.months,
        balanceAfter: row.balanceAfter,
        rechargeCodeId: row.rechargeCodeId,
      });
    },
  };
}

/** My balance: the balance and its history, with what each deduction paid for. */
export function balanceQueries(db: Db) {
  return {
    async history(companyId: string, req: TListRequest) {
      const where = eq(balanceRecords.companyId, companyId);
      const [[company], [total], rows] = await Promise.all([
        db
          .select({ balance: companies.balance })
          .from(companies)
          .where(eq(companies.id, companyId)),
        db.select({ n: count() }).from(balanceRecords).where(where),
        db
          .select({
            row: balanceRecords,
            packageName: rechargePackages.name,
            licenceCode: licences.code,
            deviceId: issueRecords.deviceId,
            kind: engines.kind,
          })
          .from(balanceRecords)
          .leftJoin(rechargeCodes, eq(rechargeCodes.id, balanceRecords.rechargeCodeId))
          .leftJoin(rechargePackages, eq(rechargePackages.id, rechargeCodes.packageId))
          .leftJoin(issueRecords, eq(issueRecords.id, balanceRecords.issueRecordId))
          .leftJoin(licences, eq(licences.id, issueRecords.licenceId))
          .leftJoin(engines, eq(engines.id, issueRecords.engineId))
          .where(where)
          .orderBy(desc(balanceRecords.createdAt), desc(balanceRecords.id))
          .limit(req.pageSize)
          .offset((req.page - 1) * req.pageSize),
      ]);
      const list: TBalanceRecord[] = rows.map((r) => ({
        id: r.row.id,
        type: r.row.type,
        change: r.row.change,
        balanceAfter: r.row.balanceAfter,
        createdAt: r.row.createdAt.toISOString(),
        packageName: r.packageName,
        recordId: r.row.issueRecordId,
        licenseCode: r.licenceCode,
        deviceId: r.deviceId,
        kind: r.kind,
      }));
      return {
        balance: company?.balance ?? 0,
        list,
        total: total?.n ?? 0,
        page: req.page,
        pageSize: req.pageSize,
      };
    },
  };
}
