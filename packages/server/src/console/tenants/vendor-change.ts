import type { VendorActor, VendorAuditRecord } from '../../platform/sessions/index.ts';
import type { AuditService } from '../audit/index.ts';

/**
 * A vendor's change to a tenant or its users, written to both logs: the tenant's own (account
 * "vendor", so its auditor sees the vendor act in the tenant) and the vendor's. `vendorTarget`
 * names the target in the vendor's log when the tenant's name alone would not place it (a user
 * is `account@domain` there).
 */
export async function recordVendorChange(
  logs: { audit: AuditService; vendorAudit: VendorAuditRecord },
  actor: VendorActor,
  change: {
    tenantId: string;
    action: string;
    target: string;
    vendorTarget?: string;
    before?: unknown;
    after?: unknown;
  },
) {
  const { tenantId, action, target, before, after } = change;
  await logs.audit.event({
    tenantId,
    account: 'vendor',
    duty: 'vendor',
    action,
    target,
    detail: { before, after },
    ip: actor.ip,
    result: 'success',
  });
  await logs.vendorAudit(actor, {
    action,
    target: change.vendorTarget ?? target,
    tenantId,
    before,
    after,
  });
}
