import { useInfiniteQuery } from '@tanstack/react-query';
import { dpiAlters } from '@edp/shared/api/console/logs.calls';
import { callApi, callKey } from '../../../lib/api.ts';

/** Changes a page of the integrity tab adds. */
const PAGE_SIZE = 20;

/**
 * One device's DPI integrity changes, newest first, a page more at each "Load more" (keyset:
 * each page starts after the last one's `next`). Silent: the tab shows a failure in place.
 */
export function useDpiAlters(deviceId: string) {
  return useInfiniteQuery({
    queryKey: [...callKey(dpiAlters), deviceId],
    queryFn: ({ pageParam, signal }) =>
      callApi(
        dpiAlters,
        { id: deviceId, pageSize: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal, silent: true },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
