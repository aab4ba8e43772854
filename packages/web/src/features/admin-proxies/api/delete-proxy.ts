import { deleteProxy as deleteProxyCall, proxyList } from '@edp/shared/api/console/proxies.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

export function deleteProxy(input: BodyOf<typeof deleteProxyCall>) {
  return callApi(deleteProxyCall, input, { success: true });
}

export function useDeleteProxy() {
  return useChange(deleteProxy, [proxyList]);
}
