import { useEffect, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { deviceActivity } from '@edp/shared/api/console/devices.calls';
import { callApi, callKey } from '../../../lib/api.ts';
import { isOpen } from '../../admin-tasks/lib/task-lib.ts';
import { LIST_REFRESH_MS } from './get-device-list.ts';
import { useCommandList } from '../../admin-tasks/api/tasks.ts';

/**
 * A device's activity, newest first, a page at a time ("Load more" asks for the next). Keyed by
 * the call's path, so a change that refreshes it (change-devices.ts) reloads the pages shown.
 * Silent: the timeline shows a failure in place.
 *
 * An open timeline keeps up (issue 35): it reads again every LIST_REFRESH_MS while the page is
 * visible (TanStack Query pauses the interval in a hidden tab) and when the window gets the focus
 * back, as the device list does; and at once when one of the device's commands ends. Those are
 * read as the protection and command tabs read them (the same query: the device's newest
 * commands, asked again every few seconds while one is open), so a task's result shows here as
 * it ends, not up to 15 s later.
 */
export function useDeviceActivity(id: string) {
  const activity = useInfiniteQuery({
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
    refetchInterval: LIST_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const commands = useCommandList({ deviceId: id, page: 1, pageSize: 50 });
  // The commands that have ended, as one value: it changes when another one ends.
  const ended = commands.data?.list
    .filter((c) => !isOpen(c.state))
    .map((c) => c.id)
    .join(',');
  const seen = useRef(ended);
  const { refetch } = activity;
  useEffect(() => {
    if (ended === undefined) return;
    if (seen.current !== undefined && seen.current !== ended) void refetch();
    seen.current = ended;
  }, [ended, refetch]);
  return activity;
}
