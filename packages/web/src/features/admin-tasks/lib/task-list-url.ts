import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@edp/shared/constants';
import { COMMAND_STATES, TASK_TYPES } from '@edp/shared/contracts/commands-values';
import type { TaskListParams } from '../api/tasks.ts';

/**
 * What the task list shows, kept in the address (`?status=failed&page=2`) as the device list keeps
 * its own (device-list-url.ts): Back, a reload or a shared link shows the same tasks. Only what
 * differs from the defaults is written; a value that is not valid falls back to its default
 * silently, since an edited or outdated link is no error of the reader's.
 */
/** `from` and `to` as ISO times: what the address holds and the call takes. */
export type TaskFilter = Pick<TaskListParams, 'status' | 'type' | 'operatorId'> & {
  from?: string;
  to?: string;
};

export interface TaskListState {
  filter: TaskFilter;
  page: number;
  pageSize: number;
}

export const DEFAULT_TASK_LIST: TaskListState = {
  filter: {},
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const MAX_PAGE = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string | number>(values: readonly T[], raw: string | null) =>
  raw === null ? undefined : values.find((v) => String(v) === raw);
const isoTime = (raw: string | null) =>
  raw !== null && !Number.isNaN(Date.parse(raw)) ? new Date(raw).toISOString() : undefined;
function wholeNumber(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= MAX_PAGE ? n : undefined;
}

export function parseTaskListSearch(params: URLSearchParams): TaskListState {
  const operator = params.get('operator');
  const read: TaskFilter = {
    status: oneOf(COMMAND_STATES, params.get('status')),
    type: oneOf(TASK_TYPES, params.get('type')),
    operatorId: operator !== null && UUID.test(operator) ? operator.toLowerCase() : undefined,
    from: isoTime(params.get('from')),
    to: isoTime(params.get('to')),
  };
  // Absent keys, not undefined values: the filter is the list call's body as it is.
  const filter = Object.fromEntries(
    Object.entries(read).filter(([, v]) => v !== undefined),
  ) as TaskFilter;
  return {
    filter,
    page: wholeNumber(params.get('page')) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get('size')) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The address's search part for a state: only what differs from the defaults, in a fixed order. */
export function taskListSearch(state: TaskListState): URLSearchParams {
  const f = state.filter;
  const entries: [string, string | undefined][] = [
    ['status', f.status],
    ['type', f.type],
    ['operator', f.operatorId],
    ['from', f.from],
    ['to', f.to],
    ['page', state.page > 1 ? String(state.page) : undefined],
    ['size', state.pageSize === DEFAULT_PAGE_SIZE ? undefined : String(state.pageSize)],
  ];
  return new URLSearchParams(entries.filter((e): e is [string, string] => e[1] !== undefined));
}
