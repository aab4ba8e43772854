import { useSearchParams } from 'react-router';
import { logSearch, parseLogSearch, type LogFilter, type LogList } from './log-filter.ts';

/**
 * A log page's filter, read from and written to the address (log-filter.ts). Changes replace the
 * history entry, as the device list's do: Back leaves the page rather than stepping through
 * every filter.
 */
export function useLogFilter(list: LogList) {
  const [params, setParams] = useSearchParams();
  const filter = parseLogSearch(list, params);
  const setFilter = (next: LogFilter) => setParams(logSearch(list, next), { replace: true });
  return { filter, setFilter, key: logSearch(list, filter).toString() };
}
