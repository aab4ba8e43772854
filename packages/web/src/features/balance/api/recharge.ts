import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const RECHARGE_PATH = '/com/recharge';

export interface RechargeAnswer {
  balance: number;
  months: number;
}

/** Redeems a vendor recharge code (single use). */
export function recharge(code: string): Promise<RechargeAnswer> {
  return post<RechargeAnswer>(RECHARGE_PATH, { code });
}

export function useRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recharge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['com'] }),
  });
}
