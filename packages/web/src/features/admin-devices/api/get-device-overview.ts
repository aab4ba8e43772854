import { useQuery } from '@tanstack/react-query';
import { deviceOverview } from '@edp/shared/api/console/devices.calls';
import { callQuery } from '../../../lib/api-query.ts';

/** The home page's device figures (every duty may read them, in its own groups). */
export function useDeviceOverview(enabled = true) {
  return useQuery({ ...callQuery(deviceOverview, {}, { silent: true }), enabled, retry: false });
}
