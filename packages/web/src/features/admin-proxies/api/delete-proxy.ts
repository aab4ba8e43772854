import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const DELETE_PROXY_PATH = '/user/proxy/del';

export function deleteProxy(input: { id: string }): Promise<void> {
  return post<void>(DELETE_PROXY_PATH, input, { success: true });
}

export function useDeleteProxy() {
  return useAdminMutation(deleteProxy, ['proxies']);
}
