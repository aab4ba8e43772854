import { useInfiniteQuery } from '@tanstack/react-query';
import { deviceActivity } from '@edp/shared/api/console/devices.calls';
import { callApi, callKey } from '../../../lib/api.ts';

/**
 * A device's activity, newest first, a page at a time ("Load more" asks for the next). Keyed by
 * the call's path, so a change that refreshes it (change-devices.ts) reloads the pages shown.
 * Silent: the timeline shows a failure in place.
 */
export function useDeviceActivity(id: string) {
  return useInfiniteQuery({
    queryKey: callKey(deviceActivity, { id }),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        deviceActivity,
        { id, ...(pageParam ? { after: pageParam } : {}) },
        { silent: true, signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    retry: false,
  });
}
