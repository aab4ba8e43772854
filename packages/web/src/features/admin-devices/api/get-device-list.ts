import { useQuery, type QueryClient } from '@tanstack/react-query';
import { deprecatedDeviceList, deviceList } from '@edp/shared/api/console/devices.calls';
import { callQuery } from '../../../lib/api-query.ts';
import { filterOf } from '../lib/device-filter.ts';
import { parseDeviceListSearch, type DeviceListState } from '../lib/device-list-url.ts';

/** How long a page of the list is shown without asking again. */
const LIST_FRESH_MS = 5_000;

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

/** The devices the caller sees as the list state (the address) says. */
export function useDeviceList(state: DeviceListState) {
  return useQuery(deviceListQuery(state));
}

/** The route's prefetch (app/routes): the same read the page makes for this address. */
export function prefetchDeviceList(client: QueryClient, url: URL) {
  return client.prefetchQuery(deviceListQuery(parseDeviceListSearch(url.searchParams)));
}
