import { useQuery } from '@tanstack/react-query';
import { proxyList } from '@edp/shared/api/console/proxies.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export type TProxyItem = DataOf<typeof proxyList>['list'][number];

export function getProxyList(params: BodyOf<typeof proxyList>) {
  return callApi(proxyList, params);
}

export function useProxyList(params: BodyOf<typeof proxyList>) {
  return useQuery(callQuery(proxyList, params));
}
