import { setupTenant } from '@edp/shared/api/console/setup.calls';
import { tenantList } from '@edp/shared/api/portal/tenants.calls';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';
import { setupPayload, type SetupValues } from '../../admin-setup/lib/setup-payload.ts';

/** A new tenant: its domain and names, and its first administrator (passwords in clear text). */
export type TenantCreateValues = Required<Pick<SetupValues, 'domain' | 'company' | 'admin'>> &
  Pick<SetupValues, 'sysName'>;

/**
 * Creates a tenant through the console's set-up call, `/owner/n/reg`, which the vendor may call
 * at any time (docs/portal.md): the vendor's token goes with it although the path is not under
 * /sa. The administrator alone holds every duty until the tenant adds the others.
 */
export function createTenant({
  successText,
  ...values
}: TenantCreateValues & { successText: string }) {
  return callApi(setupTenant, setupPayload(values), { session: 'vendor', success: successText });
}

export function useCreateTenant() {
  return useChange(createTenant, [tenantList]);
}
