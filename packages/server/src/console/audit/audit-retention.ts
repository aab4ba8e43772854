import type { Db, TenantCutoff } from '../../platform/db/index.ts';
import { auditRepository } from './audit-repository.ts';

/**
 * The audit log's retention, for the log maintenance that runs it hourly: the audit module owns
 * `console_audit` and deletes its entries.
 */
export function auditRetention(db: Db) {
  const repo = auditRepository(db);
  return {
    /**
     * Deletes up to `limit` of a tenant's audit entries older than `before`; answers how many went
     * (fewer than `limit`: none are left).
     */
    deleteBefore: (tenantId: string, before: Date, limit: number) =>
      repo.deleteBefore(tenantId, before, limit),
    /** Which of the tenants have entries before their cutoff: one statement for them all. */
    tenantsWithEntriesBefore: (cutoffs: readonly TenantCutoff[]) =>
      repo.tenantsWithEntriesBefore(cutoffs),
  };
}
