import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { EngineKind } from '@edp/shared/constants';
import type { VersionState } from '@edp/shared/contracts/product-versions';
import { containsPattern, productVersions, type Db } from '../../platform/db/index.ts';

export type VersionRow = typeof productVersions.$inferSelect;

/** The product versions' SQL (portal/version owns `product_versions`). */
export function versionRepository(db: Db) {
  return {
    async page(q: {
      kind?: EngineKind;
      state?: VersionState;
      keyword?: string;
      page: number;
      pageSize: number;
    }) {
      const like = q.keyword ? containsPattern(q.keyword) : undefined;
      const parts: (SQL | undefined)[] = [
        q.kind ? eq(productVersions.kind, q.kind) : undefined,
        q.state ? eq(productVersions.state, q.state) : undefined,
        like
          ? or(ilike(productVersions.number, like), ilike(productVersions.systemType, like))
          : undefined,
      ];
      const where = and(...parts.filter(Boolean));
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(productVersions).where(where),
        db
          .select()
          .from(productVersions)
          .where(where)
          .orderBy(desc(productVersions.createdAt), desc(productVersions.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The released versions, newest release first (at most `limit`). */
    async released(limit: number): Promise<VersionRow[]> {
      return db
        .select()
        .from(productVersions)
        .where(eq(productVersions.state, 'released'))
        .orderBy(desc(productVersions.releasedAt), desc(productVersions.id))
        .limit(limit);
    },
    /** Every kind's and system's entry of one number (a catalogue of hundreds: no index). */
    async withNumber(number: string): Promise<VersionRow[]> {
      return db.select().from(productVersions).where(eq(productVersions.number, number));
    },
    async find(id: string): Promise<VersionRow | undefined> {
      const [row] = await db.select().from(productVersions).where(eq(productVersions.id, id));
      return row;
    },
    async insert(values: typeof productVersions.$inferInsert): Promise<string> {
      const [row] = await db.insert(productVersions).values(values).returning();
      return row!.id;
    },
    /** Writes `values` while the version is still in `from`: false when it has moved since. */
    async update(
      id: string,
      from: VersionState,
      values: Partial<typeof productVersions.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(productVersions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(productVersions.id, id), eq(productVersions.state, from)))
        .returning({ id: productVersions.id });
      return rows.length > 0;
    },
    /** Deletes the version while it is a draft: false otherwise. */
    async deleteDraft(id: string): Promise<boolean> {
      const rows = await db
        .delete(productVersions)
        .where(and(eq(productVersions.id, id), eq(productVersions.state, 'draft')))
        .returning({ id: productVersions.id });
      return rows.length > 0;
    },
  };
}
