import { addProxy as addProxyCall, proxyList } from '@edp/shared/api/console/proxies.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** A proxy's user, role and window (ISO date-times; the start must come before the end). */
export type ProxyInput = BodyOf<typeof addProxyCall>;

export function addProxy(input: ProxyInput) {
  return callApi(addProxyCall, input, { success: true });
}

export function useAddProxy() {
  return useChange(addProxy, [proxyList]);
}
