import { setupTenant } from '@edp/shared/api/console/setup.calls';
import { tenantInfo } from '@edp/shared/api/platform.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Initial setup: the tenant, its system administrator and the optional duties. */
export function ownerReg(body: BodyOf<typeof setupTenant>) {
  return callApi(setupTenant, body);
}

/** The host has a tenant now: its names, the tab's title, are read again (no reload needed). */
export function useOwnerReg() {
  return useChange(ownerReg, [tenantInfo]);
}
