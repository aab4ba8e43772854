import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@edp/shared/api/define';
import { tenantInfo } from '@edp/shared/api/platform.calls';
import { callApi, callKey } from '../../../lib/api.ts';

/**
 * Owner info of this host (title, password policy), or null when the server has none.
 * Silent: the app works without it (default title and password rule).
 */
export async function getTenantInfo(): Promise<DataOf<typeof tenantInfo> | null> {
  const data = await callApi(tenantInfo, {}, { silent: true });
  return data ?? null; // react-query does not accept undefined as data
}

export const tenantInfoQuery = queryOptions({
  queryKey: callKey(tenantInfo),
  queryFn: getTenantInfo,
  staleTime: Infinity, // fetched once per page load
  retry: false,
});

export function useTenantInfo() {
  return useQuery(tenantInfoQuery);
}
