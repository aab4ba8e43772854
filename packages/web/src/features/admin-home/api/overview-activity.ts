import { useQuery } from '@tanstack/react-query';
import { overviewActivity } from '@edp/shared/api/console/overview.calls';
import type { OverviewRange } from '@edp/shared/contracts/overview';
import { callQuery } from '../../../lib/api-query.ts';

/**
 * Events and alerts of a range and the devices with the most alerts (the log readers' figures,
 * in their groups); `every` ms: read again that often, in the background too (the big screen).
 */
export function useOverviewActivity(
  range: OverviewRange,
  top: number,
  opts: { enabled?: boolean; every?: number } = {},
) {
  return useQuery({
    ...callQuery(overviewActivity, { range, top }, { silent: true }),
    enabled: opts.enabled ?? true,
    retry: false,
    refetchInterval: opts.every,
    refetchIntervalInBackground: opts.every !== undefined,
  });
}
