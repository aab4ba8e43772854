import { and, count, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { COMMAND_STATES, type CommandState, type TaskType } from '@edp/shared/contracts/commands';
import type { TTaskTarget } from '@edp/shared/contracts/tasks';
import type { Db } from '../../platform/db/index.ts';
import { commands, tasks, uuidArray } from '../../platform/db/index.ts';
import {
  deviceRefs,
  deviceRefsSql,
  scopedDevicesSql,
  type DeviceScope,
  type TouchedDevice,
} from '../store/index.ts';
import { enqueueStatement } from './command-repository.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type CommandRow = typeof commands.$inferSelect;

export interface NewTask {
  name: string;
  type: TaskType;
  args: Record<string, unknown>;
  target: TTaskTarget;
  createdById: string | null;
  createdBy: string;
  now: Date;
  expiresAt: Date;
  /** Arguments of a device's own, in place of `args` (each device's certificate). */
  argsOf?: { id: string; args: Record<string, unknown> }[];
}

export interface TaskListQuery {
  tenantId: string;
  /** Groups whose devices the caller sees (null: all): a task shows if it reaches one of them. */
  groupIds: string[] | null;
  status?: CommandState | undefined;
  type?: TaskType | undefined;
  operatorId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A command with its device's name and its task's, as the result pages read it. */
const COMMAND_COLUMNS = {
  command: commands,
  deviceName: deviceRefs.name,
  deviceGroupId: deviceRefs.groupId,
  taskName: tasks.name,
};

/** The tasks the caller may see: of the tenant, reaching one of `groupIds` (null: all). */
const visibleTasks = (tenantId: string, groupIds: string[] | null) =>
  and(
    eq(tasks.tenantId, tenantId),
    groupIds ? sql`${tasks.groupIds} && ${uuidArray(groupIds)}::uuid[]` : undefined,
  );

/** The most operators the task list's filter offers. */
const MAX_OPERATORS = 500;

/** The tasks' SQL, and the pages of their commands (the engines deliver and end them). */
export function taskRepository(db: Db) {
  return {
    /**
     * A task and one command for each device of `scope`, in one statement: the devices are
     * chosen once, the task is written only when they are some, with their count and groups,
     * and each gets its waiting command. Answers the task's id and the devices, or null when
     * the scope matched none (nothing is written).
     */
    async create(
      scope: DeviceScope,
      t: NewTask,
    ): Promise<{ taskId: string; devices: TouchedDevice[] } | null> {
      const result = await db.execute(sql`
        with chosen as (
          ${scopedDevicesSql(scope)}
        ), task as (
          insert into tasks (tenant_id, name, type, args, target, group_ids, created_by_id,
            created_by, created_at, updated_at, expires_at, total, waiting)
          select ${scope.tenantId}, ${t.name}, ${t.type}, ${JSON.stringify(t.args)}::jsonb,
            ${JSON.stringify(t.target)}::jsonb, array(select distinct group_id from chosen),
            ${t.createdById}, ${t.createdBy}, ${t.now}, ${t.now}, ${t.expiresAt},
            count(*)::int, count(*)::int
          from chosen having count(*) > 0
          returning id
        ), made as (${enqueueStatement(sql`
          select gen_random_uuid() as id, ${scope.tenantId}::uuid as tenant_id,
            task.id as task_id, chosen.id as device_id, ${t.type}::text as type,
            coalesce(own.args, ${JSON.stringify(t.args)}::jsonb) as args,
            ${t.createdBy}::text as created_by, ${t.now}::timestamptz as created_at,
            ${t.expiresAt}::timestamptz as deadline
          from chosen cross join task
            left join jsonb_to_recordset(${JSON.stringify(t.argsOf ?? [])}::jsonb)
              as own(id uuid, args jsonb) on own.id = chosen.id`)}
        )
        select task.id as "taskId", chosen.id, chosen.name
        from chosen cross join task`);
      const rows = rowsOf<{ taskId: string; id: string; name: string }>(result);
      if (rows.length === 0) return null;
      return { taskId: rows[0]!.taskId, devices: rows.map(({ id, name }) => ({ id, name })) };
    },

    /** A page of the tenant's tasks the caller may see, newest first, and their number. */
    async page(q: TaskListQuery) {
      const where = and(
        visibleTasks(q.tenantId, q.groupIds),
        q.status ? eq(tasks.status, q.status) : undefined,
        q.type ? eq(tasks.type, q.type) : undefined,
        q.operatorId ? eq(tasks.createdById, q.operatorId) : undefined,
        q.from ? gte(tasks.createdAt, q.from) : undefined,
        q.to ? lte(tasks.createdAt, q.to) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(tasks)
          .where(where)
          .orderBy(desc(tasks.createdAt), desc(tasks.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(tasks).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * Who made the tasks the caller may see (scoped exactly as `page`): each operator once, by
     * the account their newest task names, in account order. Tasks of a deleted user (no id)
     * are left out: the list cannot be filtered by them.
     */
    async operators(tenantId: string, groupIds: string[] | null) {
      const newest = db
        .selectDistinctOn([tasks.createdById], {
          id: sql<string>`${tasks.createdById}`.as('id'),
          account: sql<string>`${tasks.createdBy}`.as('account'),
        })
        .from(tasks)
        .where(and(visibleTasks(tenantId, groupIds), isNotNull(tasks.createdById)))
        .orderBy(tasks.createdById, desc(tasks.createdAt))
        .as('newest');
      return db
        .select({ id: newest.id, account: newest.account })
        .from(newest)
        .orderBy(newest.account, newest.id)
        .limit(MAX_OPERATORS);
    },

    /**
     * The counters of these tasks counted afresh over the commands of devices in `groupIds`
     * only, with each one's lowest failure code: what a caller whose role covers part of a
     * task may read of it (the stored counters are the whole task's).
     */
    async countsIn(tenantId: string, taskIds: string[], groupIds: string[]) {
      if (taskIds.length === 0) return [];
      const counted = sql.join(
        COMMAND_STATES.map(
          (s) => sql`(count(*) filter (where c.state = ${s}))::int as ${sql.identifier(s)}`,
        ),
        sql`, `,
      );
      const result = await db.execute(sql`
        select c.task_id as "taskId", ${counted},
          min(c.code) filter (where c.state = 'failed') as "errorCode"
        from commands c join (${deviceRefsSql}) d on d.id = c.device_id
        where c.tenant_id = ${tenantId} and c.task_id = any(${uuidArray(taskIds)}::uuid[])
          and d.group_id = any(${uuidArray(groupIds)}::uuid[])
        group by c.task_id`);
      return rowsOf<{ taskId: string; errorCode: number | null } & Record<CommandState, number>>(
        result,
      );
    },

    async find(tenantId: string, id: string): Promise<TaskRow | undefined> {
      const [row] = await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.tenantId, tenantId), eq(tasks.id, id)));
      return row;
    },

    /**
     * A page of commands with their devices' names: a task's (in the order they were made) or a
     * device's (newest first), of the devices in `groupIds` (null: all), in one state or all.
     */
    async commandPage(q: {
      tenantId: string;
      taskId?: string | undefined;
      deviceId?: string | undefined;
      state?: CommandState | undefined;
      groupIds: string[] | null;
      limit: number;
      offset: number;
    }) {
      const where: SQL | undefined = and(
        eq(commands.tenantId, q.tenantId),
        q.taskId ? eq(commands.taskId, q.taskId) : undefined,
        q.deviceId ? eq(commands.deviceId, q.deviceId) : undefined,
        q.state ? eq(commands.state, q.state) : undefined,
        q.groupIds ? sql`${deviceRefs.groupId} = any(${uuidArray(q.groupIds)}::uuid[])` : undefined,
      );
      const order = q.taskId ? [commands.id] : [desc(commands.createdAt), desc(commands.id)];
      // The page's ids first, then their rows with the devices' and tasks' names: joined before
      // the offset, every skipped row looked its device up too (a task's last page of 1,000 took
      // 72 ms on PGlite). The devices are joined in the first step only to keep a role's groups.
      const ids = db.select({ id: commands.id }).from(commands).$dynamic();
      const counted = db.select({ n: count() }).from(commands).$dynamic();
      if (q.groupIds) {
        ids.innerJoin(deviceRefs, eq(deviceRefs.id, commands.deviceId));
        counted.innerJoin(deviceRefs, eq(deviceRefs.id, commands.deviceId));
      }
      const [page, [total]] = await Promise.all([
        ids
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset(q.offset),
        counted.where(where),
      ]);
      const rows =
        page.length === 0
          ? []
          : await db
              .select(COMMAND_COLUMNS)
              .from(commands)
              .innerJoin(deviceRefs, eq(deviceRefs.id, commands.deviceId))
              .leftJoin(tasks, eq(tasks.id, commands.taskId))
              .where(
                and(
                  eq(commands.tenantId, q.tenantId),
                  inArray(
                    commands.id,
                    page.map((r) => r.id),
                  ),
                ),
              )
              .orderBy(...order);
      return { rows, total: total?.n ?? 0 };
    },

    /** One command with its device's name and group, and its task's name. */
    async findCommand(tenantId: string, id: string) {
      const [row] = await db
        .select(COMMAND_COLUMNS)
        .from(commands)
        .innerJoin(deviceRefs, eq(deviceRefs.id, commands.deviceId))
        .leftJoin(tasks, eq(tasks.id, commands.taskId))
        .where(and(eq(commands.tenantId, tenantId), eq(commands.id, id)));
      return row;
    },
  };
}
export type TaskRepository = ReturnType<typeof taskRepository>;
