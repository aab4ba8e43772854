import { deleteTenant as deleteCall, tenantList } from '@edp/shared/api/portal/tenants.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Deletes a tenant with all its console data and signs its users out. */
export function deleteTenant({
  successText,
  ...body
}: BodyOf<typeof deleteCall> & { successText: string }) {
  return callApi(deleteCall, body, { success: successText });
}

export function useDeleteTenant() {
  return useChange(deleteTenant, [tenantList]);
}
