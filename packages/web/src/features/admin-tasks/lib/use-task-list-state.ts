import { useSearchParams } from 'react-router';
import { addressPaging } from '../../admin-common/lib/address-paging.ts';
import {
  parseTaskListSearch,
  taskListSearch,
  type TaskFilter,
  type TaskListState,
} from './task-list-url.ts';

/**
 * The task list's filters and page, read from and written to the address (task-list-url.ts).
 * Changes replace the history entry, as the device list's do: Back leaves the list (opening a
 * task adds an entry, so Back from it returns to this exact page).
 */
export function useTaskListState() {
  const [params, setParams] = useSearchParams();
  const state = parseTaskListSearch(params);
  const update = (patch: Partial<TaskListState>) =>
    setParams(taskListSearch({ ...state, ...patch }), { replace: true });
  /** A new filter shows its first page. */
  const setFilter = (filter: TaskFilter) => update({ filter, page: 1 });
  return { state, setFilter, paging: addressPaging(state, update) };
}
