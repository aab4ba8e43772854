import { useMutation, useQueryClient } from '@tanstack/react-query';
import { md5Hex } from '../../../lib/md5.ts';
import { post } from '../../../lib/http.ts';

export const VENDOR_INIT_PATH = '/sa/n/init';

export function initVendor(input: { account: string; password: string; successText: string }) {
  return post<void>(
    VENDOR_INIT_PATH,
    { account: input.account.trim(), password: md5Hex(input.password) },
    { success: input.successText },
  );
}

export function useInitVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sa', 'check'] }),
  });
}
