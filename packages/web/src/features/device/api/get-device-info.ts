import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDeviceInfo } from '@edp/shared/contracts/com';
import { post } from '../../../lib/http.ts';

export const DEVICE_INFO_PATH = '/com/dv/info';

/** Silent: an unknown device is shown as a 404 state, not a toast. */
export function getDeviceInfo(deviceId: string): Promise<TDeviceInfo> {
  return post<TDeviceInfo>(DEVICE_INFO_PATH, { deviceId }, { silent: true });
}

export const deviceInfoQuery = (deviceId: string) =>
  queryOptions({
    queryKey: ['com', 'device-info', deviceId],
    queryFn: () => getDeviceInfo(deviceId),
    retry: false,
  });

export function useDeviceInfo(deviceId: string) {
  return useQuery(deviceInfoQuery(deviceId));
}
