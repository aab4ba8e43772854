import { editProxy as editProxyCall, proxyList } from '@edp/shared/api/console/proxies.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Changes a proxy's role and window (its user stays: a `userId` given is not sent). */
export function editProxy({
  id,
  roleId,
  startAt,
  endAt,
}: BodyOf<typeof editProxyCall> & { userId?: string }) {
  return callApi(editProxyCall, { id, roleId, startAt, endAt }, { success: true });
}

export function useEditProxy() {
  return useChange(editProxy, [proxyList]);
}
