import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOwnerInfo } from '@edp/shared/contracts/owner';
import { post } from '../../../lib/http.ts';

export const OWNER_DOMAIN_PATH = '/owner/n/domain';

/**
 * Owner info of this host (title, password policy), or null when the server has none.
 * Silent: the app works without it (default title and password rule).
 */
export async function getOwnerDomain(): Promise<TOwnerInfo | null> {
  const data = await post<TOwnerInfo | undefined>(OWNER_DOMAIN_PATH, {}, { silent: true });
  return data ?? null; // react-query does not accept undefined as data
}

export const ownerDomainQuery = queryOptions({
  queryKey: ['owner', 'domain'],
  queryFn: getOwnerDomain,
  staleTime: Infinity, // fetched once per page load
  retry: false,
});

export function useOwnerDomain() {
  return useQuery(ownerDomainQuery);
}
