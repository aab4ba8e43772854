import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBalanceRecord } from '@edp/shared/contracts/com';
import type { TList } from '@edp/shared/contracts/common';
import { post } from '../../../lib/http.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

export const BALANCE_PATH = '/com/my/balance';

export type BalanceAnswer = TList<TBalanceRecord> & { balance: number };

export function getBalance(params: PageParams): Promise<BalanceAnswer> {
  return post<BalanceAnswer>(BALANCE_PATH, params);
}

export const balanceQuery = (params: PageParams) =>
  queryOptions({
    queryKey: ['com', 'balance', params],
    queryFn: () => getBalance(params),
    placeholderData: keepPreviousData,
  });

export function useBalance(params: PageParams) {
  return useQuery(balanceQuery(params));
}
