import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A console change: runs `call`, then refreshes the lists under `['admin', area]` so tables
 * show the new state. Errors were already toasted by the HTTP client.
 */
export function useAdminMutation<I, O>(call: (input: I) => Promise<O>, areas: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(areas.map((area) => client.invalidateQueries({ queryKey: ['admin', area] }))),
  });
}
