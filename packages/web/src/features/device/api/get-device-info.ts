import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceInfo } from '@edp/shared/api/portal/devices.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

/** Silent: an unknown device is shown as a 404 state, not a toast. */
export function getDeviceInfo(deviceId: string) {
  return callApi(deviceInfo, { deviceId }, { silent: true });
}

/** Another device's info is not shown while this one loads (no previous data kept). */
export const deviceInfoQuery = (deviceId: string) =>
  queryOptions({
    ...callQuery(deviceInfo, { deviceId }, { silent: true }),
    placeholderData: undefined,
    retry: false,
  });

export function useDeviceInfo(deviceId: string) {
  return useQuery(deviceInfoQuery(deviceId));
}
