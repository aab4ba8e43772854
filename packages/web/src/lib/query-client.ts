import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The HTTP client already shows errors; one retry is enough for a flaky network.
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * The app's query cache. The route guards fill it too: a page's first read starts while the
 * page's code is still loading (route-types.ts, `prefetch`).
 */
export const queryClient = createQueryClient();
