import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from '@edp/shared/constants';
import type { Paging } from '../../../lib/use-paging.ts';
import {
  deviceListSearch,
  parseDeviceListSearch,
  type DeviceListState,
} from './device-list-url.ts';

/**
 * The device list's state, read from and written to the address (device-list-url.ts). Changes
 * replace the history entry: Back leaves the list (opening a device adds an entry, so Back from
 * it returns to this exact page) rather than stepping through every filter.
 */
export function useDeviceListState() {
  const [params, setParams] = useSearchParams();
  const state = parseDeviceListSearch(params);
  const update = (patch: Partial<DeviceListState>) =>
    setParams(deviceListSearch({ ...state, ...patch }), { replace: true });

  const change = (page: number, pageSize: number) =>
    update(pageSize !== state.pageSize ? { page: 1, pageSize } : { page });
  const shown = { page: state.page, pageSize: state.pageSize };
  /** What ListTable reads of usePaging's paging, from the address. */
  const paging: Paging = {
    params: shown,
    shown,
    change,
    reset: () => change(1, state.pageSize),
    pagination: (total: number | undefined) => ({
      current: state.page,
      pageSize: state.pageSize,
      total: total ?? 0,
      pageSizeOptions: PAGE_SIZES.map(String),
      showSizeChanger: true,
      onChange: change,
    }),
  };
  return { state, update, paging };
}
