import { useQuery } from '@tanstack/react-query';
import { deviceDetail } from '@edp/shared/api/console/devices.calls';
import { callQuery } from '../../../lib/api-query.ts';

/**
 * One device's detail. Silent: the page shows an unknown id (404) and a device outside the
 * caller's groups (-10087) as its own state, not as a toast.
 */
export function useDeviceDetail(id: string) {
  return useQuery({
    ...callQuery(deviceDetail, { id }, { silent: true }),
    placeholderData: undefined,
    retry: false,
  });
}
