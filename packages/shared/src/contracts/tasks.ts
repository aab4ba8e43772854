import { z } from 'zod';
import type { EngineKind } from '../constants.ts';
import { ZDate, ZList, ZListRequest, ZUuid } from './common.ts';
import { ZIsoTime } from './com.ts';
import { ZDeviceFilter, ZDevicePreview } from './devices.ts';
import { ZVersionRelease } from './product-versions.ts';
import { rule } from './field-rules.ts';
import {
  COMMAND_STATES,
  COMMAND_TYPES,
  TASK_TYPES,
  ZAbsolutePath,
  type CommandState,
  type TaskType,
} from './commands.ts';
import { TASK_EXPIRY_HOURS } from './tasks-values.ts';

export * from './tasks-values.ts';

/**
 * Tasks and commands in the console (`/async/m/*`, `/dv/m/task*`, `/sync/m/*`;
 * docs/commands.md). A task is one command type with its arguments over a target of devices;
 * each device gets its own command and result.
 */

/** Does a filter narrow anything? An empty one would mean "every device". */
const narrows = (f: z.output<typeof ZDeviceFilter>) =>
  f.groupId !== undefined ||
  f.type !== undefined ||
  f.kind !== undefined ||
  f.presence !== undefined ||
  f.install !== undefined ||
  (f.keyword !== undefined && f.keyword !== '') ||
  f.expiring === true ||
  f.outdated === true;

/**
 * The devices a task reaches: a selection, a filter that narrows, or every device the caller
 * sees, chosen in so many words. The server takes running devices in the caller's groups only.
 */
export const ZTaskTarget = z
  .object({
    ids: z.array(ZUuid).min(1).max(500).optional(),
    filter: ZDeviceFilter.optional(),
    every: z.literal(true).optional(),
  })
  .refine(
    (t) =>
      [t.ids !== undefined, t.filter !== undefined, t.every !== undefined].filter(Boolean)
        .length === 1 &&
      (t.filter === undefined || narrows(t.filter)),
    rule('taskTarget'),
  );
export type TTaskTarget = z.output<typeof ZTaskTarget>;

/**
 * The licence kinds a task type needs on a device, as the engine checks them before it acts
 * (packages/agent/src/licence.ts `requireLicence`, called by ops.ts): encrypting needs a TDE
 * licence, a baseline or its reset a DPI or DI one. The others need none, so an expired
 * licence never locks data away (decrypting, dropping a baseline, write protection, upgrades,
 * installing a licence).
 */
export const TASK_LICENCE_KINDS: Partial<Record<TaskType, readonly EngineKind[]>> = {
  'tde.encrypt': ['TDE'],
  'dpi.baseline': ['DPI', 'DI'],
  'dpi.reset': ['DPI', 'DI'],
};

export const ZTaskPreviewRequest = z.object({
  target: ZTaskTarget,
  /** The task to be made: the preview then counts the devices that cannot run it. */
  type: z.enum(TASK_TYPES).optional(),
});

/**
 * The target's devices whose licence does not allow the task, by the engine's reason: none
 * installed (-13), expired (-12), of another kind (-85). All 0 for a task that needs none.
 */
export const ZUnlicensed = z.object({
  missing: z.number().int(),
  expired: z.number().int(),
  otherKind: z.number().int(),
});
export type TUnlicensed = z.infer<typeof ZUnlicensed>;

export const ZTaskPreview = ZDevicePreview.extend({
  /**
   * The version of the engine this console serves ('' when it has none): what an upgrade task
   * brings the engines to (docs/commands.md "Engine versions").
   */
  servedVersion: z.string(),
  /** The vendor's word on that version: an upgrade is refused while it holds it back. */
  servedRelease: ZVersionRelease,
  unlicensed: ZUnlicensed,
  /** The licence kinds the task needs (empty: none, or no type asked). */
  needs: z.array(z.string()),
});
export type TTaskPreview = z.infer<typeof ZTaskPreview>;

export const ZTaskExpiry = z
  .number()
  .int()
  .min(TASK_EXPIRY_HOURS.min)
  .max(TASK_EXPIRY_HOURS.max)
  .default(TASK_EXPIRY_HOURS.default);
const ZTaskName = z.string().trim().max(64).optional();

/** The body of every folder task (`/async/m/tde/folder/add` …). */
export const ZFolderTask = z.object({
  target: ZTaskTarget,
  path: ZAbsolutePath,
  name: ZTaskName,
  expiresInHours: ZTaskExpiry,
});
export type TFolderTask = z.output<typeof ZFolderTask>;

/** `/async/m/engine/upgrade`: the engines to bring to the console's served version. */
export const ZUpgradeTask = z.object({
  target: ZTaskTarget,
  name: ZTaskName,
  expiresInHours: ZTaskExpiry,
});

export const ZTaskCreated = z.object({
  taskId: z.string(),
  /** Devices the task reaches (each has its command). */
  total: z.number().int(),
});

export const ZStateCounts = z.object(
  Object.fromEntries(COMMAND_STATES.map((s) => [s, z.number().int()])) as Record<
    CommandState,
    z.ZodNumber
  >,
);
export type TStateCounts = z.infer<typeof ZStateCounts>;

export const ZTaskItem = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(TASK_TYPES),
  /** The command's arguments (`{ path }` of a folder task). */
  args: z.record(z.string(), z.unknown()),
  /** waiting (none started), processing, or the terminal state once every device has one. */
  status: z.enum(COMMAND_STATES),
  total: z.number().int(),
  counts: ZStateCounts,
  /** The first failure's message, in the reader's language (SPEC §3 "error message"). */
  error: z.string().nullable(),
  operator: z.object({ id: z.string().nullable(), account: z.string() }),
  createdAt: ZIsoTime,
  updatedAt: ZIsoTime,
  /** After this, devices that have not started count as timed out. */
  expiresAt: ZIsoTime,
});
export type TTaskItem = z.infer<typeof ZTaskItem>;

export const ZTaskListRequest = ZListRequest.extend({
  status: z.enum(COMMAND_STATES).optional(),
  type: z.enum(TASK_TYPES).optional(),
  operatorId: ZUuid.optional(),
  from: ZDate.optional(),
  to: ZDate.optional(),
});
export const ZTaskList = ZList(ZTaskItem);
export type TTaskList = z.infer<typeof ZTaskList>;

export const ZTaskChanged = z.object({ affected: z.number().int() });

/** `/dv/m/task/operators`: who made the tasks the caller sees, for the list's operator filter. */
export const ZTaskOperators = z.object({
  list: z.array(z.object({ id: z.string(), account: z.string() })),
});
export type TTaskOperators = z.infer<typeof ZTaskOperators>;

/** One device's command: a task's result row, or a command sent on its own (sync). */
export const ZCommandItem = z.object({
  id: z.string(),
  taskId: z.string().nullable(),
  /** The name of the task it belongs to (null: a command sent on its own). */
  taskName: z.string().nullable(),
  deviceId: z.string(),
  deviceName: z.string(),
  type: z.enum(COMMAND_TYPES as [string, ...string[]]),
  args: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  /** The engine's code (0 success, SPEC §8), null until it answers. */
  code: z.number().int().nullable(),
  /** The code's meaning in the reader's language; a timeout or cancel says so. */
  message: z.string().nullable(),
  /** How many times it was sent afresh by a retry (1 the first time). */
  attempt: z.number().int(),
  operator: z.string(),
  createdAt: ZIsoTime,
  deliveredAt: ZIsoTime.nullable(),
  finishedAt: ZIsoTime.nullable(),
  deadline: ZIsoTime,
});
export type TCommandItem = z.infer<typeof ZCommandItem>;

/** `/dv/m/task/logs`: a task's results, or a device's commands; newest first. */
export const ZCommandListRequest = ZListRequest.extend({
  taskId: ZUuid.optional(),
  deviceId: ZUuid.optional(),
  state: z.enum(COMMAND_STATES).optional(),
}).refine((q) => (q.taskId === undefined) !== (q.deviceId === undefined), rule('taskOrDevice'));
export const ZCommandList = ZList(ZCommandItem);
export type TCommandList = z.infer<typeof ZCommandList>;

export const ZCommandDetail = ZCommandItem.extend({
  /** The engine's own message (English) and detail, as it answered. */
  engineMessage: z.string().nullable(),
  detail: z.unknown().nullable(),
});
export type TCommandDetail = z.infer<typeof ZCommandDetail>;

/** Every synchronous call names its device; the path ones a path too. */
export const ZSyncDevice = z.object({ deviceId: ZUuid });
export const ZSyncPath = ZSyncDevice.extend({ path: ZAbsolutePath });
