import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const MAKE_CODES_PATH = '/sa/pk/codes';

/** Single-use recharge codes of a package; the server keeps only their hashes. */
export function makeCodes(input: { packageId: string; count: number }) {
  return post<{ codes: string[] }>(MAKE_CODES_PATH, input);
}

export function useMakeCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sa', 'packages'] }),
  });
}
