import { useAddressState } from '../../../lib/use-address-state.ts';
import { logSearch, parseLogSearch, type LogFilter, type LogList } from './log-filter.ts';

/** A log page's filter, read from and written to the address (log-filter.ts). */
export function useLogFilter(list: LogList) {
  const { state: filter, update } = useAddressState(
    (params) => parseLogSearch(list, params),
    (next: LogFilter) => logSearch(list, next),
  );
  const setFilter = (next: LogFilter) => update(() => next);
  return { filter, setFilter, key: logSearch(list, filter).toString() };
}
