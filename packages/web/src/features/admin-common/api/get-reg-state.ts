import { useQuery } from '@tanstack/react-query';
import { setupState } from '@edp/shared/api/console/setup.calls';
import type { DataOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export type RegState = DataOf<typeof setupState>;

/** Whether the initial setup is open (fresh install) and this host already has a tenant. */
export function getRegState(): Promise<RegState> {
  return callApi(setupState, {}, { silent: true });
}

export function useRegState() {
  return useQuery({ ...callQuery(setupState, {}, { silent: true }), retry: false });
}
