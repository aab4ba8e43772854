import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { autoLoginToken } from '@edp/shared/api/console/login.calls';
import { callApi, callKey } from '../../../lib/api.ts';

const tokenQuery = queryOptions({
  queryKey: callKey(autoLoginToken),
  queryFn: () => getLoginToken(0),
  staleTime: 0,
});

/** My auto-login token: `ng` 0 gives the current one, 1 makes a new one and voids the old. */
export async function getLoginToken(ng: 0 | 1): Promise<string> {
  const data = await callApi(autoLoginToken, { ng });
  return data.loginToken;
}

/** The auto-login link for a token, on this host. */
export function autoLoginLink(token: string): string {
  return `${window.location.origin}/admin/auto-login?token=${encodeURIComponent(token)}`;
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
