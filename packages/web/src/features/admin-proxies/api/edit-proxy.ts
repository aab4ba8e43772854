import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';
import type { ProxyInput } from './add-proxy.ts';

export const EDIT_PROXY_PATH = '/user/proxy/edit';

/** Changes a proxy's role and window (its user stays). */
export function editProxy({
  id,
  roleId,
  startAt,
  endAt,
}: ProxyInput & { id: string }): Promise<void> {
  return post<void>(EDIT_PROXY_PATH, { id, roleId, startAt, endAt }, { success: true });
}

export function useEditProxy() {
  return useAdminMutation(editProxy, ['proxies']);
}
