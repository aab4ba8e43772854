import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const LOGIN_TOKEN_PATH = '/login/gt';
const key = ['admin', 'login-token'];

/** My auto-login token: `ng` 0 gives the current one, 1 makes a new one and voids the old. */
export async function getLoginToken(ng: 0 | 1): Promise<string> {
  const data = await post<{ loginToken: string }>(LOGIN_TOKEN_PATH, { ng });
  return data.loginToken;
}

/** The auto-login link for a token, on this host. */
export function autoLoginLink(token: string): string {
  return `${window.location.origin}/admin/auto-login?token=${encodeURIComponent(token)}`;
}

export function useLoginToken(enabled: boolean) {
  return useQuery({ queryKey: key, queryFn: () => getLoginToken(0), enabled, staleTime: 0 });
}

export function useRegenerateLoginToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => getLoginToken(1),
    onSuccess: (token) => client.setQueryData(key, token),
  });
}
