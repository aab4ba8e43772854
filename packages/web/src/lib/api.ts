import type { QueryKey } from '@tanstack/react-query';
import type { BodyOf, DataOf, ParamsOf, Route } from '@edp/shared/api/define';
import { apiUrl, post, type PostOptions } from './http.ts';

/**
 * The typed client of the call registry (packages/shared/src/api): a call's path, request and
 * answer types all come from its declaration, so no path or request type is written here.
 * `call` is the declaration imported from its `*.calls.ts` file; in the browser it holds only
 * method, path and access (build/api-calls-plugin.ts).
 *
 * The TanStack Query bindings (`callQuery`, `useChange`) are in lib/api-query.ts. Kept apart,
 * the sign-in pages, loaded first, need neither TanStack's mutation code nor a chunk split
 * between react-query and the HTTP client: /login stays within its 200 KB gzip budget
 * (scripts/initial-js-size.mjs).
 */
export function callApi<C extends Route>(
  call: C,
  body?: BodyOf<C>,
  opts?: PostOptions,
): Promise<DataOf<C>> {
  return post<DataOf<C>>(call.path, body ?? {}, { action: call.label, ...opts });
}

/**
 * The URL of a GET call (captcha images, downloads) with its path parameters filled in, as
 * `pathWith` of shared/api/define.ts does: importing that at run time would add define.ts and
 * permissions.ts to the first load of /login, whose captcha needs only this.
 */
export function callUrl<C extends Route>(call: C, params?: ParamsOf<C>): string {
  const values = (params ?? {}) as Record<string, string>;
  return apiUrl(
    call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '')),
  );
}

/** Query keys start with the call's path, so a change can refresh every page of a list. */
export function callKey<C extends Route>(call: C, body?: BodyOf<C>): QueryKey {
  return body === undefined ? [call.path] : [call.path, body];
}
