import { ownerUserList, ownerUserPassword } from '@edp/shared/api/portal/tenants.calls';
import { vendorAuditList } from '@edp/shared/api/portal/vendor.calls';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';
import { md5Hex } from '../../../lib/md5.ts';

export interface OwnerPasswordInput {
  tenantId: string;
  id: string;
  /** In clear text; hashed here as every password travels. */
  password: string;
  successText: string;
}

/** Sets a tenant user's password; they must change it at the next sign-in. */
export function setOwnerPassword({ password, successText, ...body }: OwnerPasswordInput) {
  return callApi(
    ownerUserPassword,
    { ...body, password: md5Hex(password) },
    { success: successText },
  );
}

export function useSetOwnerPassword() {
  return useChange(setOwnerPassword, [ownerUserList, vendorAuditList]);
}
