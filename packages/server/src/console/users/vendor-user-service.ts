import type { z } from 'zod';
import { ownerUserPassword } from '@edp/shared/api/portal/tenants.calls';
import type { ZOwnerUserListRequest } from '@edp/shared/contracts/vendor-tenants';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { VendorActor, VendorAuditRecord } from '../../platform/sessions/index.ts';
import type { AuditService } from '../audit/index.ts';
import { recordVendorChange, type TenantService } from '../tenants/index.ts';
import { setPassword, type PasswordDeps } from './user-password.ts';
import { userRepository } from './user-repository.ts';

/**
 * A tenant's users as the vendor's super administrator reaches them when a customer is locked
 * out (`/sa/ous`, `/sa/oup`; docs/decisions.md "/sa/ous and /sa/oup"): the list never holds a
 * password or its hash, and a password the vendor sets must be changed at the next sign-in.
 * Each change is in the vendor's audit log and the tenant's own (account "vendor").
 */
export function vendorUserService(
  deps: PasswordDeps & {
    audit: AuditService;
    tenants: Pick<TenantService, 'byId'>;
    vendorAudit: VendorAuditRecord;
  },
) {
  const { db, audit, tenants, vendorAudit } = deps;
  const users = userRepository(db);

  return {
    async list(q: z.infer<typeof ZOwnerUserListRequest>) {
      await tenants.byId(q.tenantId);
      const { total, rows } = await users.list({
        tenantId: q.tenantId,
        visibleGroupIds: null,
        keyword: q.keyword,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const list = rows.map((r) => ({
        id: r.id,
        account: r.account,
        name: r.name,
        roleName: r.roleName,
        status: r.status,
        adminTag: r.adminTag,
        mustChangePassword: r.mustChangePassword,
        passwordChangedAt: r.passwordChangedAt.toISOString(),
        createdAt: r.createdAt.toISOString(),
      }));
      return { list, total, page: q.page, pageSize: q.pageSize };
    },

    /** The user must choose a new password at the next sign-in; their sessions end now. */
    async setPassword(actor: VendorActor, tenantId: string, id: string, password: string) {
      const tenant = await tenants.byId(tenantId);
      const user = await users.findById(tenantId, id);
      if (!user || user.status === 'deleted') throw new AppError(CommonErr.NotFound);
      if (user.status === 'disabled') throw new AppError(ConsoleErr.UserDisabled);
      await setPassword(deps, user, password, { byOther: true });
      await recordVendorChange({ audit, vendorAudit }, actor, {
        tenantId,
        action: ownerUserPassword.path,
        target: user.account,
        vendorTarget: `${user.account}@${tenant.domain}`,
        after: { mustChangePassword: true },
      });
    },
  };
}
export type VendorUserService = ReturnType<typeof vendorUserService>;
