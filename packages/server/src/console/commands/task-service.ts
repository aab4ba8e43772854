import type { z } from 'zod';
import type { TaskType } from '@edp/shared/contracts/commands';
import type { TVersionRelease } from '@edp/shared/contracts/product-versions';
import {
  TASK_LICENCE_KINDS,
  type TCommandDetail,
  type TCommandList,
  type TTaskItem,
  type TTaskList,
  type TTaskOperators,
  type TTaskPreview,
  type TTaskTarget,
  type ZCommandListRequest,
  type ZTaskListRequest,
} from '@edp/shared/contracts/tasks';
import { CommandErr, CommonErr, ConsoleErr, type Locale } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Caller } from '../access/index.ts';
import { touchedDevices, type AuditService } from '../audit/index.ts';
import { deviceScope, visibleDeviceGroups } from '../devices/index.ts';
import { deviceReadModel } from '../store/index.ts';
import type { DeviceScope } from '../store/index.ts';
import type { CommandService } from './command-service.ts';
import { taskRepository } from './task-repository.ts';
import { commandDetail, commandItem, taskItem } from './command-items.ts';
import { tasksAsSeen } from './task-scope.ts';

/** Devices a preview names before a task is made. */
const PREVIEW_NAMES = 5;
const HOUR_MS = 3_600_000;

/**
 * Tasks (docs/commands.md "Tasks"): one command over the running devices of a target, in the
 * caller's groups only; their progress, results, cancel and retry. Every change is audited.
 */
export function taskService(
  deps: Pick<Platform, 'db' | 'clock'> & {
    audit: AuditService;
    /** The one way commands go out: a task's are announced, cancelled, retried through it. */
    commands: Pick<CommandService, 'announce' | 'cancel' | 'retry' | 'recount'>;
    /** The version of the engine this console serves ('' if none): the "outdated" filter's. */
    servedVersion: () => Promise<string>;
    /** The vendor's word on a version (portal/version's, wired in services.ts). */
    releaseOf: (version: string, locale: Locale) => Promise<TVersionRelease>;
  },
) {
  const { db, clock, audit, commands, servedVersion, releaseOf } = deps;
  const repo = taskRepository(db);
  const devices = deviceReadModel(db);

  /** The running devices a target names, inside the caller's groups. */
  const scopeOf = (caller: Caller, target: TTaskTarget): Promise<DeviceScope> =>
    deviceScope(db, caller.actor, {
      status: 'running',
      now: clock(),
      filter: target.filter,
      ids: target.ids,
      servedVersion,
    });

  /**
   * A task the caller may see (it reached one of their groups), or 404: counted over the
   * caller's devices only when it reached others too.
   */
  async function visibleTask(caller: Caller, id: string) {
    const found = await repo.find(caller.actor.tenantId, id);
    const visible = await visibleDeviceGroups(db, caller.actor);
    if (!found || (visible && !found.groupIds.some((g) => visible.includes(g))))
      throw new AppError(CommonErr.NotFound);
    const [task] = await tasksAsSeen(repo, caller.actor.tenantId, visible, [found]);
    return { task: task!, visible };
  }

  /** Makes the task and each device's command at once; the engines hear of it at once. */
  async function create(
    caller: Caller,
    input: {
      type: TaskType;
      args: Record<string, unknown>;
      target: TTaskTarget;
      name?: string | undefined;
      expiresInHours: number;
      /** Each device's own arguments in place of `args` (the certificates of a licence batch). */
      argsOf?: { id: string; args: Record<string, unknown> }[];
    },
  ) {
    const now = clock();
    const made = await repo.create(await scopeOf(caller, input.target), {
      name: input.name || String(input.args.path ?? input.args.version ?? input.type),
      type: input.type,
      args: input.args,
      target: input.target,
      createdById: caller.actor.userId,
      createdBy: caller.actor.account,
      now: new Date(now),
      expiresAt: new Date(now + input.expiresInHours * HOUR_MS),
      argsOf: input.argsOf,
    });
    if (!made) throw new AppError(CommandErr.TargetEmpty);
    commands.announce(made.devices.map((d) => d.id));
    await audit.change(caller, {
      ...touchedDevices(made.devices),
      after: {
        type: input.type,
        ...input.args,
        task: made.taskId,
        ...(input.target.filter ? { filter: input.target.filter } : {}),
        ...(input.target.every ? { every: true } : {}),
      },
    });
    return { taskId: made.taskId, total: made.devices.length };
  }

  return {
    /**
     * The target's count and first names, the version an upgrade would bring, and, for the
     * task type asked, how many devices hold no licence that allows it (issue 35: the dialog
     * warns before a task is sent that the engines would refuse with -13, -12 or -85).
     */
    async preview(
      caller: Caller,
      target: TTaskTarget,
      type: TaskType | undefined,
      locale: Locale,
    ): Promise<TTaskPreview> {
      const needs = (type && TASK_LICENCE_KINDS[type]) || [];
      const [preview, version] = await Promise.all([
        scopeOf(caller, target).then((scope) => devices.preview(scope, PREVIEW_NAMES, needs)),
        servedVersion(),
      ]);
      // No engine built (''): no catalogue entry has that number, so it reads as unlisted.
      const servedRelease = await releaseOf(version, locale);
      return { ...preview, servedVersion: version, servedRelease, needs: [...needs] };
    },

    /**
     * An upgrade to the engine this console serves (`served`: its version and SHA-256), unless
     * the vendor's catalogue holds that version back (-10129): the catalogue offers released
     * versions only, never a draft (docs/decisions.md "What an engine upgrade brings").
     */
    async upgrade(
      caller: Caller,
      input: { target: TTaskTarget; name?: string | undefined; expiresInHours: number },
      served: { version: string; sha256: string },
    ) {
      // The state alone is read: the notes' language does not matter here.
      const release = await releaseOf(served.version, 'en-US');
      if (release.state === 'held') {
        throw new AppError(CommandErr.VersionNotReleased, { version: served.version });
      }
      return create(caller, { ...input, type: 'engine.upgrade', args: served });
    },

    create,

    async list(
      caller: Caller,
      q: z.output<typeof ZTaskListRequest>,
      locale: Locale,
    ): Promise<TTaskList> {
      const visible = await visibleDeviceGroups(db, caller.actor);
      const { rows, total } = await repo.page({
        tenantId: caller.actor.tenantId,
        groupIds: visible,
        status: q.status,
        type: q.type,
        operatorId: q.operatorId,
        from: q.from,
        to: q.to,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const seen = await tasksAsSeen(repo, caller.actor.tenantId, visible, rows);
      return {
        list: seen.map((t) => taskItem(t, locale)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** Who made the tasks the caller sees, scoped as the list is. */
    async operators(caller: Caller): Promise<TTaskOperators> {
      const groupIds = await visibleDeviceGroups(db, caller.actor);
      return { list: await repo.operators(caller.actor.tenantId, groupIds) };
    },

    async info(caller: Caller, id: string, locale: Locale): Promise<TTaskItem> {
      return taskItem((await visibleTask(caller, id)).task, locale);
    },

    /** A task's results, or a device's commands: only of the devices the caller sees. */
    async logs(
      caller: Caller,
      q: z.output<typeof ZCommandListRequest>,
      locale: Locale,
    ): Promise<TCommandList> {
      const visible = await visibleDeviceGroups(db, caller.actor);
      if (q.taskId) await visibleTask(caller, q.taskId);
      if (q.deviceId) {
        const found = await devices.findById(caller.actor.tenantId, q.deviceId);
        if (!found) throw new AppError(CommonErr.NotFound);
        if (visible && !visible.includes(found.device.groupId))
          throw new AppError(ConsoleErr.DeviceHidden);
      }
      const { rows, total } = await repo.commandPage({
        tenantId: caller.actor.tenantId,
        taskId: q.taskId,
        deviceId: q.deviceId,
        state: q.state,
        groupIds: visible,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        list: rows.map((r) => commandItem(r.command, r, locale)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    async logInfo(caller: Caller, id: string, locale: Locale): Promise<TCommandDetail> {
      const row = await repo.findCommand(caller.actor.tenantId, id);
      const visible = await visibleDeviceGroups(db, caller.actor);
      if (!row || (visible && !visible.includes(row.deviceGroupId)))
        throw new AppError(CommonErr.NotFound);
      return commandDetail(row.command, row, locale);
    },

    async refresh(caller: Caller, id: string, locale: Locale): Promise<TTaskItem> {
      const { visible } = await visibleTask(caller, id);
      await commands.recount(caller.actor.tenantId, id);
      // Seen already: only the counters are read again, not the caller's groups.
      const counted = (await repo.find(caller.actor.tenantId, id))!;
      const [task] = await tasksAsSeen(repo, caller.actor.tenantId, visible, [counted]);
      return taskItem(task!, locale);
    },

    /** Ends what has not started on the caller's devices; what runs goes on. */
    async cancel(caller: Caller, id: string) {
      const { task, visible } = await visibleTask(caller, id);
      if (task.waiting === 0 && task.processing === 0) throw new AppError(CommandErr.TaskOver);
      const affected = await commands.cancel(caller.actor.tenantId, id, visible);
      await audit.change(caller, { target: task.name, after: { task: id, cancelled: affected } });
      return { affected };
    },

    /**
     * Sends the command again to the caller's devices where it failed or timed out, nothing
     * else.
     */
    async retry(caller: Caller, id: string) {
      const { task, visible } = await visibleTask(caller, id);
      const hours = Math.max(1, (task.expiresAt.getTime() - task.createdAt.getTime()) / HOUR_MS);
      const affected = await commands.retry(caller.actor.tenantId, id, visible, hours * HOUR_MS);
      await audit.change(caller, { target: task.name, after: { task: id, retried: affected } });
      return { affected };
    },
  };
}
export type TaskService = ReturnType<typeof taskService>;
