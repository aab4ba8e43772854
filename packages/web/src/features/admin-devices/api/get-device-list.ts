import { useQuery, type QueryClient } from '@tanstack/react-query';
import { deprecatedDeviceList, deviceList } from '@edp/shared/api/console/devices.calls';
import { callQuery } from '../../../lib/api-query.ts';
import { filterOf } from '../lib/device-filter.ts';
import { parseDeviceListSearch, type DeviceListState } from '../lib/device-list-url.ts';

/** How long a page of the list is shown without asking again. */
const LIST_FRESH_MS = 5_000;
/**
 * How often an open list asks again while the page is visible: an engine that enrols, or a
 * device whose presence, install state or licence changes, shows within this long. The server
 * keeps each page and the counters a few seconds and evicts them on any device change
 * (device-counts.ts), so many open consoles cost little more than one.
 */
export const LIST_REFRESH_MS = 15_000;

/** The read of the running or the deprecated devices a list state shows: one page, filtered, sorted. */
export function deviceListQuery(state: DeviceListState) {
  const call = state.status === 'running' ? deviceList : deprecatedDeviceList;
  return {
    ...callQuery(call, {
      page: state.page,
      pageSize: state.pageSize,
      ...filterOf(state.filter),
      sort: state.sort,
      order: state.order,
    }),
    // An answer a few seconds old is current enough to show: the page mounting right after
    // the route's prefetch (or Back from a device) does not ask again. Changes refresh it.
    staleTime: LIST_FRESH_MS,
  };
}

/**
 * The devices the caller sees as the list state (the address) says, read again every
 * LIST_REFRESH_MS while `live` (the page visible, no dialog or action under way): TanStack Query
 * pauses the interval while the browser tab is hidden. The same key is read again, so the rows
 * change in place: the selection and the scroll stay.
 */
export function useDeviceList(state: DeviceListState, live = true) {
  return useQuery({ ...deviceListQuery(state), refetchInterval: live ? LIST_REFRESH_MS : false });
}

/** The route's prefetch (app/routes): the same read the page makes for this address. */
export function prefetchDeviceList(client: QueryClient, url: URL) {
  return client.prefetchQuery(deviceListQuery(parseDeviceListSearch(url.searchParams)));
}
