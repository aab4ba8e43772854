import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { autoLoginToken } from '@edp/shared/api/console/login.calls';
import type { TLoginToken } from '@edp/shared/contracts/login';
import { callApi, callKey } from '../../../lib/api.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

// Silent: where login codes are required the server refuses the link, and the modal says why.
const tokenQuery = queryOptions({
  queryKey: callKey(autoLoginToken),
  queryFn: () => getLoginToken(0, true),
  staleTime: 0,
  retry: false,
});

/**
 * My auto-login link's token and when it stops working: `ng` 0 gives the current one (a new one
 * once it has expired), 1 makes a new one and voids the old.
 */
export async function getLoginToken(ng: 0 | 1, silent = false): Promise<TLoginToken> {
  return callApi(autoLoginToken, { ng }, { silent });
}

/** The auto-login link for a token, on this host. */
export function autoLoginLink(token: string): string {
  return `${window.location.origin}${adminPath('adminAutoLogin', { token })}`;
}

export function useLoginToken(enabled: boolean) {
  return useQuery({ ...tokenQuery, enabled });
}

export function useRegenerateLoginToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => getLoginToken(1),
    onSuccess: (token) => client.setQueryData(tokenQuery.queryKey, token),
  });
}
