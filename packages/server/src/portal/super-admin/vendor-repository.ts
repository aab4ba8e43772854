import { and, asc, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { TListRequest, TList } from '@edp/shared/contracts/common';
import type { TPackage } from '@edp/shared/contracts/vendor';
import {
  type Db,
  containsPattern,
  rechargePackages,
  superAdmins,
} from '../../platform/db/index.ts';
import { pageOffset } from '../licence/index.ts';
import { packageCodesIssuedSql, packageCodesUsedSql } from '../store/index.ts';

/** Any number fits: two concurrent first-time set-ups take turns on this advisory lock. */
const INIT_LOCK = 72_114_001;

export function vendorRepository(db: Db) {
  return {
    async adminCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(superAdmins);
      return row?.n ?? 0;
    },

    async findAdmin(account: string) {
      const [row] = await db
        .select()
        .from(superAdmins)
        .where(eq(superAdmins.account, account))
        .limit(1);
      return row;
    },

    /** Creates the first super administrator; false when one exists already. */
    async insertFirstAdmin(account: string, passwordHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${INIT_LOCK})`);
        const [row] = await tx.select({ n: count() }).from(superAdmins);
        if ((row?.n ?? 0) > 0) return false;
        await tx.insert(superAdmins).values({ account, passwordHash });
        return true;
      });
    },

    async packagePage(req: TListRequest & { keyword?: string }): Promise<TList<TPackage>> {
      const where = and(
        isNull(rechargePackages.deletedAt),
        req.keyword ? ilike(rechargePackages.name, containsPattern(req.keyword)) : undefined,
      );
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(rechargePackages).where(where),
        db
          .select({ p: rechargePackages, issued: packageCodesIssuedSql, used: packageCodesUsedSql })
          .from(rechargePackages)
          .where(where)
          .orderBy(asc(rechargePackages.months), asc(rechargePackages.createdAt))
          .limit(req.pageSize)
          .offset(pageOffset(req)),
      ]);
      return {
        list: rows.map(({ p, issued, used }) => ({
          id: p.id,
          name: p.name,
          months: p.months,
          createdAt: p.createdAt.toISOString(),
          codesIssued: issued,
          codesUsed: used,
        })),
        total: total?.n ?? 0,
        page: req.page,
        pageSize: req.pageSize,
      };
    },

    async findPackage(id: string) {
      const [row] = await db
        .select()
        .from(rechargePackages)
        .where(and(eq(rechargePackages.id, id), isNull(rechargePackages.deletedAt)))
        .limit(1);
      return row;
    },

    async insertPackage(name: string, months: number): Promise<string> {
      const [row] = await db
        .insert(rechargePackages)
        .values({ name, months })
        .returning({ id: rechargePackages.id });
      return row!.id;
    },

    async updatePackage(id: string, name: string, months: number): Promise<boolean> {
      const rows = await db
        .update(rechargePackages)
        .set({ name, months })
        .where(and(eq(rechargePackages.id, id), isNull(rechargePackages.deletedAt)))
        .returning({ id: rechargePackages.id });
      return rows.length > 0;
    },

    /** Soft delete: codes already sold stay redeemable and the history keeps the name. */
    async deletePackage(id: string): Promise<boolean> {
      const rows = await db
        .update(rechargePackages)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(rechargePackages.id, id), isNull(rechargePackages.deletedAt)))
        .returning({ id: rechargePackages.id });
      return rows.length > 0;
    },
  };
}
