import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { pathWith, type BodyOf, type DataOf, type ParamsOf, type Route } from '@edp/shared/api/define';
import { apiUrl, post, type PostOptions } from './http.ts';

/**
 * The typed client of the call registry (packages/shared/src/api): a call's path, request and
 * answer types all come from its declaration, so no path or request type is written here.
 * `call` is the declaration imported from its `*.calls.ts` file; in the browser it holds only
 * method, path and access (build/api-calls-plugin.ts).
 */
export function callApi<C extends Route>(
  call: C,
  body?: BodyOf<C>,
  opts?: PostOptions,
): Promise<DataOf<C>> {
  return post<DataOf<C>>(call.path, body ?? {}, opts);
}

/** The URL of a GET call (captcha images, downloads) with its path parameters filled in. */
export function callUrl<C extends Route>(call: C, params?: ParamsOf<C>): string {
  return apiUrl(pathWith(call, (params ?? {}) as Record<string, string>));
}

/** Query keys start with the call's path, so a change can refresh every page of a list. */
export function callKey<C extends Route>(call: C, body?: BodyOf<C>): QueryKey {
  return body === undefined ? [call.path] : [call.path, body];
}

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
