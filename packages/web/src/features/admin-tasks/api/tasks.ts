import { useQuery } from '@tanstack/react-query';
import {
  addDpiFolder,
  addTdeFolder,
  cancelTask,
  previewTask,
  refreshTask,
  removeDpiFolder,
  removeTdeFolder,
  resetDpi,
  retryTask,
  seProtect,
  seUnprotect,
  taskInfo,
  taskList,
  taskLogInfo,
  taskLogs,
  taskOperators,
  upgradeEngines,
} from '@edp/shared/api/console/tasks.calls';
import { deviceDetail } from '@edp/shared/api/console/devices.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callApi, callKey } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';
import { useQueryClient } from '@tanstack/react-query';
import { isOpen, LIVE_REFRESH_MS, UPGRADE_TYPE, type FolderTaskType } from '../lib/task-lib.ts';

/** Tasks and commands (issue 23, docs/commands.md): reads that refresh while work is open. */

export type TaskListParams = BodyOf<typeof taskList>;
export type CommandListParams = BodyOf<typeof taskLogs>;
export type TaskTarget = BodyOf<typeof previewTask>['target'];
export type TaskPreview = DataOf<typeof previewTask>;
type TaskType = NonNullable<BodyOf<typeof previewTask>['type']>;

/** The task list; asks again every few seconds while a task it shows is open. */
export function useTaskList(params: TaskListParams) {
  return useQuery({
    ...callQuery(taskList, params),
    refetchInterval: (q) =>
      q.state.data?.list.some((task) => isOpen(task.status)) ? LIVE_REFRESH_MS : false,
  });
}

/**
 * One task. Silent: an unknown id is the page's own state. Asks again while the task is open;
 * its results (useCommandList with `live`) follow.
 */
export function useTaskInfo(id: string) {
  return useQuery({
    ...callQuery(taskInfo, { id }, { silent: true }),
    placeholderData: undefined,
    retry: false,
    refetchInterval: (q) => (q.state.data && isOpen(q.state.data.status) ? LIVE_REFRESH_MS : false),
  });
}

/**
 * A task's results or a device's commands, newest first. With `live` it asks again every few
 * seconds while a row it shows is open (or the task is: a waiting device may start).
 */
export function useCommandList(params: CommandListParams, live = false) {
  return useQuery({
    ...callQuery(taskLogs, params),
    refetchInterval: (q) =>
      live || q.state.data?.list.some((c) => isOpen(c.state)) ? LIVE_REFRESH_MS : false,
  });
}

/**
 * A list query as ListPage reads it, its spinner kept for a new page or filter: the reads made
 * every few seconds while work is open change the rows in place without a spinner each time.
 */
export function quietWhileLive<
  Q extends { isFetching: boolean; isPending: boolean; isPlaceholderData: boolean },
>(query: Q): Q {
  return { ...query, isFetching: query.isFetching && (query.isPending || query.isPlaceholderData) };
}

/** One command's result with the engine's own message and detail; read when `id` is given. */
export function useCommandDetail(id: string | undefined) {
  return useQuery({
    ...callQuery(taskLogInfo, { id: id ?? '' }),
    placeholderData: undefined,
    enabled: !!id,
  });
}

/** Every read a task change may alter. */
const TASK_READS = [taskList, taskInfo, taskLogs, taskLogInfo];

export function useCancelTask() {
  return useChange((id: string) => callApi(cancelTask, { id }), TASK_READS);
}

export function useRetryTask() {
  return useChange((id: string) => callApi(retryTask, { id }), TASK_READS);
}

/** Counts a task's devices afresh from their commands, and shows the count at once. */
export function useRefreshTask() {
  const client = useQueryClient();
  return useChange(
    async (id: string) => {
      const task = await callApi(refreshTask, { id });
      client.setQueryData(callKey(taskInfo, { id }), task);
      return task;
    },
    [taskList],
  );
}

/**
 * How many running devices a target reaches, and the first few by name; with the task's type,
 * how many of them hold no licence that allows it.
 */
export function previewTarget(target: TaskTarget, type?: TaskType): Promise<TaskPreview> {
  return callApi(previewTask, { target, ...(type ? { type } : {}) });
}

/** The call of each folder task type. */
export const FOLDER_TASK_CALLS = {
  'tde.encrypt': addTdeFolder,
  'tde.decrypt': removeTdeFolder,
  'se.protect': seProtect,
  'se.unprotect': seUnprotect,
  'dpi.baseline': addDpiFolder,
  'dpi.drop': removeDpiFolder,
  'dpi.reset': resetDpi,
} as const satisfies Record<FolderTaskType, unknown>;

export type FolderTaskInput = BodyOf<typeof addTdeFolder> & { type: FolderTaskType };
export type UpgradeTaskInput = BodyOf<typeof upgradeEngines> & { type: typeof UPGRADE_TYPE };

/** Makes a folder task or an upgrade; the caller says what was made (its toast, the count). */
export function useCreateTask() {
  return useChange(
    (input: FolderTaskInput | UpgradeTaskInput) => {
      if (input.type === UPGRADE_TYPE) {
        const { type: _type, ...body } = input;
        return callApi(upgradeEngines, body);
      }
      const { type, ...body } = input;
      return callApi(FOLDER_TASK_CALLS[type], body);
    },
    [taskList, taskLogs, taskOperators, deviceDetail],
  );
}

/**
 * Who made the tasks the caller sees (the server scopes them as the list), for the list's
 * operator filter.
 */
export function useTaskOperators() {
  return useQuery(callQuery(taskOperators, {}));
}
