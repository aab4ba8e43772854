import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern, type Db, tenants, systemSettings } from '../../platform/db/index.ts';
import { groupReadModel, roleReadModel, userReadModel } from '../store/index.ts';

export type TenantRow = typeof tenants.$inferSelect;

/** What a tenant holds, counted for the vendor's list. */
export interface TenantHoldings {
  userCount: number;
  roleCount: number;
  groupCount: number;
}

/** Any number fits; distinct from the vendor's first set-up lock. */
const SETUP_LOCK = 72_114_002;

export function tenantRepository(db: Db) {
  const userRead = userReadModel(db);
  const roleRead = roleReadModel(db);
  const groupRead = groupReadModel(db);
  return {
    /**
     * Creates a tenant, and its duty roles and users by `addDuties` (the roles and users modules
     * write them), in one transaction. Set-ups take turns on an advisory lock,
     * so the checks made under it hold: with `onlyFirst` (an anonymous set-up) the tenant is
     * created only while none exists, and a domain is taken once. Says why when it refuses.
     */
    async createWithDuties(
      tenant: typeof tenants.$inferInsert,
      opts: { onlyFirst: boolean },
      addDuties: (tx: Db, tenantId: string) => Promise<void>,
    ): Promise<{ tenantId: string } | 'closed' | 'domain-taken'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
        if (opts.onlyFirst) {
          const [any] = await tx.select({ id: tenants.id }).from(tenants).limit(1);
          if (any) return 'closed';
        }
        const [taken] = await tx
          .select({ id: tenants.id })
          .from(tenants)
          .where(eq(tenants.domain, tenant.domain))
          .limit(1);
        if (taken) return 'domain-taken';
        const [owner] = await tx.insert(tenants).values(tenant).returning({ id: tenants.id });
        const tenantId = owner!.id;
        await addDuties(tx as unknown as Db, tenantId);
        return { tenantId };
      });
    },
    async findByDomain(domain: string): Promise<TenantRow | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.domain, domain)).limit(1);
      return row;
    },
    async findById(id: string): Promise<TenantRow | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
      return row;
    },
    /** Up to two tenants: enough to tell "none", "exactly one" and "several" apart. */
    async firstTwo(): Promise<TenantRow[]> {
      return db.select().from(tenants).orderBy(tenants.createdAt).limit(2);
    },
    async update(id: string, values: Partial<typeof tenants.$inferInsert>) {
      await db
        .update(tenants)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(tenants.id, id));
    },
    /** Deletes the tenant; its console data goes with it (foreign keys cascade). */
    async delete(id: string) {
      await db.delete(tenants).where(eq(tenants.id, id));
    },
    async list(opts: { keyword?: string; limit: number; offset: number }) {
      const like = opts.keyword ? containsPattern(opts.keyword) : undefined;
      const where = like
        ? or(
            ilike(tenants.domain, like),
            ilike(tenants.company, like),
            ilike(tenants.sysName, like),
          )
        : undefined;
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(tenants).where(where),
        db
          .select({
            id: tenants.id,
            domain: tenants.domain,
            sysName: tenants.sysName,
            company: tenants.company,
            sms: tenants.sms,
            status: tenants.status,
            companyId: tenants.companyId,
            createdAt: tenants.createdAt,
          })
          .from(tenants)
          .where(where)
          .orderBy(desc(tenants.createdAt), tenants.id)
          .limit(opts.limit)
          .offset(opts.offset),
      ]);
      return { total: total?.n ?? 0, rows };
    },
    /**
     * What each of `ids` (a page of the list) holds: users (not the deleted ones waiting in the
     * recycle bin), roles and groups. One grouped count per table for the whole page (each in
     * its owner's read model), each served by an index that starts with tenant_id, instead of a
     * count per row.
     */
    async holdings(ids: readonly string[]): Promise<Map<string, TenantHoldings>> {
      const held = new Map<string, TenantHoldings>(
        ids.map((id) => [id, { userCount: 0, roleCount: 0, groupCount: 0 }]),
      );
      if (!ids.length) return held;
      const page = [...ids];
      const [users, roles, groups] = await Promise.all([
        userRead.countByTenant(page),
        roleRead.countByTenant(page),
        groupRead.countByTenant(page),
      ]);
      for (const { tenantId, n } of users) held.get(tenantId)!.userCount = n;
      for (const { tenantId, n } of roles) held.get(tenantId)!.roleCount = n;
      for (const { tenantId, n } of groups) held.get(tenantId)!.groupCount = n;
      return held;
    },
    async systemSettings(): Promise<Record<string, unknown>> {
      const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, 1));
      return row?.settings ?? {};
    },
    async saveSystemSettings(settings: Record<string, unknown>) {
      await db
        .insert(systemSettings)
        .values({ id: 1, settings })
        .onConflictDoUpdate({
          target: systemSettings.id,
          set: { settings, updatedAt: sql`now()` },
        });
    },
  };
}
export type TenantRepository = ReturnType<typeof tenantRepository>;
