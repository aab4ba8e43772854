import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, Route } from '@edp/shared/api/define';
import { callApi, callKey } from './api.ts';
import type { PostOptions } from './http.ts';

/**
 * TanStack Query bindings of the typed client (lib/api.ts): the query options of a read call
 * and the mutation of a change that refreshes the reads it affects.
 */

/** TanStack Query options of a read call; pages keep the previous page while the next loads. */
export function callQuery<C extends Route>(call: C, body?: BodyOf<C>, opts?: PostOptions) {
  return queryOptions({
    queryKey: callKey(call, body),
    queryFn: ({ signal }) => callApi(call, body, { ...opts, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A change: runs `run`, then refreshes the reads in `refreshes` (every page of each) so tables
 * show the new state. Errors were already shown by the HTTP client.
 */
export function useChange<I, O>(run: (input: I) => Promise<O>, refreshes: readonly Route[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all(refreshes.map((read) => client.invalidateQueries({ queryKey: callKey(read) }))),
  });
}
