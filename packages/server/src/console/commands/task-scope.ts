import { COMMAND_STATES, type CommandState } from '@edp/shared/contracts/commands';
import type { TaskRepository, TaskRow } from './task-repository.ts';

/**
 * A task's state from its counters, as the `tasks.status` column computes it (platform/db/schema/
 * commands.ts): for a task counted again over part of its devices.
 */
export function taskStatus(c: Record<CommandState, number>): CommandState {
  if (c.waiting + c.processing > 0)
    return c.processing + c.finished + c.failed + c.timeout + c.cancelled > 0
      ? 'processing'
      : 'waiting';
  if (c.failed > 0) return 'failed';
  if (c.timeout > 0) return 'timeout';
  if (c.cancelled > 0) return 'cancelled';
  return 'finished';
}

/**
 * Tasks as a caller whose role covers the groups `visible` (null: all) may read them: a task
 * that also reached other groups shows the counters, state and first error of the caller's
 * devices only, so that a scoped operator learns nothing of the others' results. Tasks inside
 * the caller's groups keep their stored counters (no count at all for them).
 */
export async function tasksAsSeen(
  repo: TaskRepository,
  tenantId: string,
  visible: string[] | null,
  rows: TaskRow[],
): Promise<TaskRow[]> {
  if (!visible) return rows;
  const partial = rows.filter((t) => t.groupIds.some((g) => !visible.includes(g)));
  if (partial.length === 0) return rows;
  const counted = new Map(
    (
      await repo.countsIn(
        tenantId,
        partial.map((t) => t.id),
        visible,
      )
    ).map((c) => [c.taskId, c]),
  );
  return rows.map((t) => {
    if (!partial.includes(t)) return t;
    // No row: none of the caller's devices has a command in it (moved out of their groups).
    const found = counted.get(t.id);
    const counts = Object.fromEntries(COMMAND_STATES.map((st) => [st, found?.[st] ?? 0])) as Record<
      CommandState,
      number
    >;
    const total = COMMAND_STATES.reduce((sum, st) => sum + counts[st], 0);
    return {
      ...t,
      ...counts,
      total,
      errorCode: found?.errorCode ?? null,
      status: taskStatus(counts),
    };
  });
}
