import { useQuery } from '@tanstack/react-query';
import { deprecatedDeviceList, deviceList } from '@edp/shared/api/console/devices.calls';
import type { BodyOf } from '@edp/shared/api/define';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { callQuery } from '../../../lib/api-query.ts';

export type DeviceListParams = BodyOf<typeof deviceList>;

/** The running or the deprecated devices the caller sees, filtered, sorted and paged. */
export function useDeviceList(status: DeviceStatus, params: DeviceListParams) {
  return useQuery(callQuery(status === 'running' ? deviceList : deprecatedDeviceList, params));
}
