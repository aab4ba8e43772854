import { editTenant as editCall, tenantList } from '@edp/shared/api/portal/tenants.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

export type TenantEdit = BodyOf<typeof editCall>;

/** Changes a tenant's domain, names or SMS flag. */
export function editTenant({ successText, ...body }: TenantEdit & { successText: string }) {
  return callApi(editCall, body, { success: successText });
}

export function useEditTenant() {
  return useChange(editTenant, [tenantList]);
}
