import { and, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import {
  type Db,
  consoleAudit,
  containsPattern,
  cutoffRows,
  writtenUnderAuditDuty,
  type TenantCutoff,
} from '../../platform/db/index.ts';
import { groupReadModel, roleReadModel, userReadModel } from '../store/index.ts';
import type { BuiltInRoleKey } from '@edp/shared/built-in-roles';

export type AuditInsert = typeof consoleAudit.$inferInsert;
export type AuditRow = typeof consoleAudit.$inferSelect;

/**
 * Who reads (console/audit/audit-readers.ts): never their own entries; `all` the others' too,
 * `auditDuty` only those written under the audit duty, `none` nothing.
 */
export interface AuditReader {
  userId: string;
  reads: 'all' | 'auditDuty' | 'none';
}

export interface AuditQuery {
  tenantId: string;
  reader: AuditReader;
  from?: Date;
  to?: Date;
  account?: string;
  action?: string;
  result?: 'success' | 'failure';
  keyword?: string;
}

/** Append-only: there is deliberately no update or delete here. */
/** The role, group or user an id in a detail names; a role made at setup by its key. */
export interface NamedRecord {
  name: string;
  roleKey?: BuiltInRoleKey | null;
}

export function auditRepository(db: Db) {
  const roles = roleReadModel(db);
  const groups = groupReadModel(db);
  const users = userReadModel(db);
  const whereOf = (q: AuditQuery): SQL | undefined =>
    and(
      eq(consoleAudit.tenantId, q.tenantId),
      // Entries without a user (an engine's enrolment, the vendor's, setup) are nobody's own.
      sql`${consoleAudit.actorId} is distinct from ${q.reader.userId}`,
      // The same expression as the partial index console_audit_audit_duty_idx, so the system
      // administrator's page reads only those rows however large the log grows.
      q.reader.reads === 'auditDuty' ? writtenUnderAuditDuty(consoleAudit.duty) : undefined,
      q.reader.reads === 'none' ? sql`false` : undefined,
      q.from ? gte(consoleAudit.at, q.from) : undefined,
      q.to ? lte(consoleAudit.at, q.to) : undefined,
      q.account ? eq(consoleAudit.account, q.account.toLowerCase()) : undefined,
      q.action ? eq(consoleAudit.action, q.action) : undefined,
      q.result ? eq(consoleAudit.result, q.result) : undefined,
      q.keyword ? ilike(consoleAudit.target, containsPattern(q.keyword)) : undefined,
    );

  return {
    async insert(entry: AuditInsert) {
      await db.insert(consoleAudit).values(entry);
    },
    async list(q: AuditQuery & { limit: number; offset: number }) {
      const where = whereOf(q);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(consoleAudit).where(where),
        db
          .select()
          .from(consoleAudit)
          .where(where)
          .orderBy(desc(consoleAudit.at), desc(consoleAudit.id))
          .limit(q.limit)
          .offset(q.offset),
      ]);
      return { total: total?.n ?? 0, rows };
    },
    /**
     * The roles, groups and users of the tenant with these ids (entries' details name them by
     * id): a role by name and built-in key, a group by name, a user by account, each through
     * its owner's read model.
     */
    async namesOf(tenantId: string, ids: readonly string[]): Promise<Map<string, NamedRecord>> {
      const names = new Map<string, NamedRecord>();
      const unique = [...new Set(ids)];
      if (unique.length === 0) return names;
      const [roleRows, groupRows, userRows] = await Promise.all([
        roles.namesOf(tenantId, unique),
        groups.namesOf(tenantId, unique),
        users.accountsOf(tenantId, unique),
      ]);
      for (const { id, ...named } of [...roleRows, ...groupRows]) names.set(id, named);
      for (const { id, account } of userRows) names.set(id, { name: account });
      return names;
    },
    /** Entries for the CSV export, newest first, in pages of `batch` so memory stays flat. */
    async *stream(q: AuditQuery, max: number, batch = 2000): AsyncGenerator<AuditRow[]> {
      const where = whereOf(q);
      let beforeId: number | undefined;
      for (let done = 0; done < max;) {
        const rows = await db
          .select()
          .from(consoleAudit)
          .where(and(where, beforeId ? sql`${consoleAudit.id} < ${beforeId}` : undefined))
          .orderBy(desc(consoleAudit.id))
          .limit(Math.min(batch, max - done));
        if (rows.length === 0) return;
        yield rows;
        done += rows.length;
        beforeId = rows.at(-1)!.id;
      }
    },

    /**
     * Deletes up to `limit` of a tenant's audit entries older than `before`, through the
     * (tenant_id, at) index; answers how many went (fewer than `limit`: none are left).
     */
    /** Of these tenants, those with an entry before their cutoff (console_audit_at_idx). */
    async tenantsWithEntriesBefore(cutoffs: readonly TenantCutoff[]): Promise<string[]> {
      if (cutoffs.length === 0) return [];
      const result = await db.execute(sql`
        select c.tenant_id as "tenantId" from ${cutoffRows(cutoffs)}
        where exists (select 1 from console_audit a
                      where a.tenant_id = c.tenant_id and a.at < c.before)`);
      return (result as unknown as { rows: { tenantId: string }[] }).rows.map((r) => r.tenantId);
    },

    async deleteBefore(tenantId: string, before: Date, limit: number): Promise<number> {
      const result = await db.execute(sql`
          with gone as (
            delete from console_audit where id in (
              select id from console_audit
              where tenant_id = ${tenantId} and at < ${before.toISOString()}::timestamptz
              limit ${limit})
            returning 1)
          select count(*)::int as n from gone`);
      const [row] = (result as unknown as { rows: { n: number }[] }).rows;
      return row?.n ?? 0;
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
