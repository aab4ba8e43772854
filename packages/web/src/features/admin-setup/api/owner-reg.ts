import { useMutation } from '@tanstack/react-query';
import { setupTenant } from '@edp/shared/api/console/setup.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';

/** Initial setup: the tenant, its system administrator and the optional duties. */
export function ownerReg(body: BodyOf<typeof setupTenant>) {
  return callApi(setupTenant, body);
}

export function useOwnerReg() {
  return useMutation({ mutationFn: ownerReg });
}
