import { useQuery } from '@tanstack/react-query';
import { deviceOverview } from '@edp/shared/api/console/devices.calls';
import { callQuery } from '../../../lib/api-query.ts';

/** How often the big screen reads its figures again (ms). */
export const SCREEN_REFRESH_MS = 5_000;

/** The device figures, read again every SCREEN_REFRESH_MS, in the background too. */
export function useScreenDevices(enabled: boolean) {
  return useQuery({
    ...callQuery(deviceOverview, {}, { silent: true }),
    enabled,
    retry: false,
    refetchInterval: SCREEN_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}
