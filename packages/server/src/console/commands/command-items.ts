import type { CommandState } from '@edp/shared/contracts/commands';
import type { TCommandDetail, TCommandItem, TTaskItem } from '@edp/shared/contracts/tasks';
import { CommandErr, errorMessage, type Locale } from '@edp/shared/errors';
import type { CommandRow, TaskRow } from './task-repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What a command's end means in the reader's language: the engine's code (SPEC §8) when it
 * failed, the console's own words when it timed out or was cancelled, nothing otherwise.
 */
export function stateMessage(
  state: CommandState,
  code: number | null,
  locale: Locale,
): string | null {
  if (state === 'failed' && code !== null) return errorMessage(code, locale);
  if (state === 'timeout') return errorMessage(CommandErr.Expired, locale);
  if (state === 'cancelled') return errorMessage(CommandErr.Cancelled, locale);
  return null;
}

export function taskItem(t: TaskRow, locale: Locale): TTaskItem {
  const error =
    t.errorCode !== null
      ? errorMessage(t.errorCode, locale)
      : t.timeout > 0
        ? errorMessage(CommandErr.Expired, locale)
        : null;
  return {
    id: t.id,
    name: t.name,
    type: t.type,
    args: t.args,
    status: t.status,
    total: t.total,
    counts: {
      waiting: t.waiting,
      processing: t.processing,
      finished: t.finished,
      failed: t.failed,
      timeout: t.timeout,
      cancelled: t.cancelled,
    },
    error,
    operator: { id: t.createdById, account: t.createdBy },
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    expiresAt: t.expiresAt.toISOString(),
  };
}

/** A command as the pages read it: with its device's name and its task's (null: none). */
export interface CommandNames {
  deviceName: string;
  taskName: string | null;
}

export function commandItem(c: CommandRow, names: CommandNames, locale: Locale): TCommandItem {
  const { deviceName, taskName } = names;
  return {
    id: c.id,
    taskId: c.taskId,
    taskName,
    deviceId: c.deviceId,
    deviceName,
    type: c.type,
    args: c.args,
    state: c.state,
    code: c.code,
    message: stateMessage(c.state, c.code, locale),
    attempt: c.attempt,
    operator: c.createdBy,
    createdAt: c.createdAt.toISOString(),
    deliveredAt: iso(c.deliveredAt),
    finishedAt: iso(c.finishedAt),
    deadline: c.deadline.toISOString(),
  };
}

export function commandDetail(c: CommandRow, names: CommandNames, locale: Locale): TCommandDetail {
  return { ...commandItem(c, names, locale), engineMessage: c.message, detail: c.detail };
}
