import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const ADD_PROXY_PATH = '/user/proxy/add';

export interface ProxyInput {
  userId: string;
  roleId: string;
  /** ISO date-times; the start must come before the end. */
  startAt: string;
  endAt: string;
}

export function addProxy(input: ProxyInput): Promise<{ id: string }> {
  return post<{ id: string }>(ADD_PROXY_PATH, input, { success: true });
}

export function useAddProxy() {
  return useAdminMutation(addProxy, ['proxies']);
}
