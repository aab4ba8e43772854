import { count, desc, eq } from 'drizzle-orm';
import type { TListRequest } from '@edp/shared/contracts/common';
import type { TBalanceRecord } from '@edp/shared/contracts/com';
import { type Db, balanceRecords, rechargeCodes } from '../../platform/db/index.ts';
import { issuedFiles, packageNames } from '../store/index.ts';

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

/**
 * My balance's history, with what each deduction paid for: the package's name is
 * portal/super-admin's, the certificate's code, device and kind are portal/licence's, read
 * through their read models (one count, one page).
 */
export function balanceQueries(db: Db) {
  return {
    async history(companyId: string, req: TListRequest) {
      const where = eq(balanceRecords.companyId, companyId);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(balanceRecords).where(where),
        db
          .select({
            row: balanceRecords,
            packageName: packageNames.name,
            licenceCode: issuedFiles.licenceCode,
            deviceId: issuedFiles.deviceId,
            kind: issuedFiles.kind,
          })
          .from(balanceRecords)
          .leftJoin(rechargeCodes, eq(rechargeCodes.id, balanceRecords.rechargeCodeId))
          .leftJoin(packageNames, eq(packageNames.id, rechargeCodes.packageId))
          .leftJoin(issuedFiles, eq(issuedFiles.id, balanceRecords.issueRecordId))
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
      return { list, total: total?.n ?? 0, page: req.page, pageSize: req.pageSize };
    },
  };
}
