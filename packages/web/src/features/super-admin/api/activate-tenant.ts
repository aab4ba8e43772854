import { activateTenant as activateCall, tenantList } from '@edp/shared/api/portal/tenants.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Activates or deactivates a tenant; deactivating signs its users out (docs/portal.md). */
export function activateTenant({
  successText,
  ...body
}: BodyOf<typeof activateCall> & { successText: string }) {
  return callApi(activateCall, body, { success: successText });
}

export function useActivateTenant() {
  return useChange(activateTenant, [tenantList]);
}
