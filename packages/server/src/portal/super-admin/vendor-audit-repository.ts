import { and, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import { type Db, containsPattern, superAdmins, vendorAudit } from '../../platform/db/index.ts';

export type VendorAuditInsert = typeof vendorAudit.$inferInsert;

export interface VendorAuditQuery {
  tenantId?: string;
  keyword?: string;
  action?: string;
  /** Entries older than this id. */
  before?: string;
  limit: number;
}

/** The one place `vendor_audit` is written (appended to) and read. */
export function vendorAuditRepository(db: Db) {
  return {
    async insert(entry: VendorAuditInsert) {
      await db.insert(vendorAudit).values(entry);
    },

    async accountOf(adminId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ account: superAdmins.account })
        .from(superAdmins)
        .where(eq(superAdmins.id, adminId));
      return row?.account;
    },

    /** A keyset page newest first (by id, which is insertion order), on the primary key or
     *  vendor_audit_tenant_idx; a keyword narrows what the index reads, not where it starts. */
    async page(q: VendorAuditQuery) {
      const conditions: (SQL | undefined)[] = [
        q.tenantId ? eq(vendorAudit.tenantId, q.tenantId) : undefined,
        q.action ? eq(vendorAudit.action, q.action) : undefined,
        q.before ? lt(vendorAudit.id, Number(q.before)) : undefined,
      ];
      if (q.keyword) {
        const like = containsPattern(q.keyword);
        conditions.push(or(ilike(vendorAudit.account, like), ilike(vendorAudit.target, like)));
      }
      return db
        .select()
        .from(vendorAudit)
        .where(and(...conditions))
        .orderBy(desc(vendorAudit.id))
        .limit(q.limit);
    },
  };
}
