import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TInstallerListRequest } from '@edp/shared/contracts/installers';
import { containsPattern, installers, type Db } from '../../platform/db/index.ts';

export type InstallerRow = typeof installers.$inferSelect;
export type InstallerInsert = typeof installers.$inferInsert;

/** SQL for installers; every query is scoped by the tenant. */
export function installerRepository(db: Db) {
  const whereOf = (tenantId: string, q: TInstallerListRequest): SQL => {
    const pattern = q.keyword ? containsPattern(q.keyword) : undefined;
    return and(
      eq(installers.tenantId, tenantId),
      q.kind ? eq(installers.kind, q.kind) : undefined,
      pattern
        ? or(
            ilike(installers.name, pattern),
            ilike(installers.version, pattern),
            ilike(installers.systemVersion, pattern),
            ilike(installers.fileName, pattern),
          )
        : undefined,
    )!;
  };

  return {
    async page(tenantId: string, q: TInstallerListRequest) {
      const where = whereOf(tenantId, q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(installers)
          .where(where)
          .orderBy(desc(installers.createdAt), desc(installers.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(installers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(tenantId: string, id: string): Promise<InstallerRow | undefined> {
      const [row] = await db
        .select()
        .from(installers)
        .where(and(eq(installers.tenantId, tenantId), eq(installers.id, id)));
      return row;
    },

    async insert(values: InstallerInsert): Promise<void> {
      await db.insert(installers).values(values);
    },

    /** Deletes the row and answers it, or undefined when there was none. */
    async delete(tenantId: string, id: string): Promise<InstallerRow | undefined> {
      const [row] = await db
        .delete(installers)
        .where(and(eq(installers.tenantId, tenantId), eq(installers.id, id)))
        .returning();
      return row;
    },
  };
}
