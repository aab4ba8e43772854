import { useAddressState } from '../../../lib/use-address-state.ts';
import { addressPaging } from '../../admin-common/lib/address-paging.ts';
import { parseTaskListSearch, taskListSearch, type TaskFilter } from './task-list-url.ts';

/**
 * The task list's filters and page, read from and written to the address (task-list-url.ts).
 * Opening a task adds a history entry, so Back from it returns to this exact page.
 */
export function useTaskListState() {
  const { state, update } = useAddressState(parseTaskListSearch, taskListSearch);
  /** A new filter shows its first page. */
  const setFilter = (filter: TaskFilter) => update({ filter, page: 1 });
  return { state, setFilter, paging: addressPaging(state, update) };
}
