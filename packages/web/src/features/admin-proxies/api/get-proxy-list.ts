import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TList } from '@edp/shared/contracts/common';
import type { ZProxyItem } from '@edp/shared/contracts/user';
import { post } from '../../../lib/http.ts';

export const PROXY_LIST_PATH = '/user/proxy/list';
export type TProxyItem = z.infer<typeof ZProxyItem>;

export function getProxyList(params: {
  page: number;
  pageSize: number;
}): Promise<TList<TProxyItem>> {
  return post<TList<TProxyItem>>(PROXY_LIST_PATH, params);
}

export function useProxyList(params: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['admin', 'proxies', params],
    queryFn: () => getProxyList(params),
    placeholderData: keepPreviousData,
  });
}
