import { useAddressState } from '../../../lib/use-address-state.ts';
import { addressPaging } from '../../admin-common/lib/address-paging.ts';
import { deviceListSearch, parseDeviceListSearch } from './device-list-url.ts';

/**
 * The device list's state, read from and written to the address (device-list-url.ts). Opening
 * a device adds a history entry, so Back from it returns to this exact page.
 */
export function useDeviceListState() {
  const { state, update } = useAddressState(parseDeviceListSearch, deviceListSearch);
  /** What ListTable reads of usePaging's paging, from the address. */
  const paging = addressPaging(state, update);
  return { state, update, paging };
}
