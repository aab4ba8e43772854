import { useSearchParams } from 'react-router';
import { addressPaging } from '../../admin-common/lib/address-paging.ts';
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

  /** What ListTable reads of usePaging's paging, from the address. */
  const paging = addressPaging(state, update);
  return { state, update, paging };
}
