import { useQuery } from '@tanstack/react-query';
import { balanceHistory } from '@edp/shared/api/portal/balance.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export type BalanceAnswer = DataOf<typeof balanceHistory>;

export function getBalance(params: BodyOf<typeof balanceHistory>) {
  return callApi(balanceHistory, params);
}

export const balanceQuery = (params: BodyOf<typeof balanceHistory>) =>
  callQuery(balanceHistory, params);

export function useBalance(params: BodyOf<typeof balanceHistory>) {
  return useQuery(balanceQuery(params));
}
