import { sql, type SQL } from 'drizzle-orm';
import { COMMAND_STATES, type CommandState } from '@edp/shared/contracts/commands';
import type { MovedCommand, OpenCommand, ResultRow } from '../../engines/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { deviceRefsSql } from '../store/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Commands `c` of devices now in one of `groupIds` (null: every group): a console user's task
 * action reaches the devices their role covers, never the rest of a task that spans more.
 */
const inGroups = (groupIds: string[] | null): SQL =>
  groupIds
    ? sql`c.device_id in (select id from (${deviceRefsSql}) d
        where d.group_id = any(${`{${groupIds.join(',')}}`}::uuid[]))`
    : sql`true`;

/**
 * The statement that moves commands from one state and the counters of their tasks with them:
 * the commands matching `where` in state `from` take the columns `set` gives (their new state
 * among them), and each task's counter of `from` goes down and those of the new states up, in
 * the same statement. A command moves only from the state the statement names, and PostgreSQL
 * re-reads a row another statement changed meanwhile, so two statements never both move one
 * command: a result that arrives twice is counted once (docs/commands.md).
 *
 * Batches run side by side and overlap (a device's stream delivery and its check-in, a result
 * sent twice), so each locks its commands, then its tasks, in the order of their ids before
 * writing them: two statements that met shared rows in the orders of their own plans
 * deadlocked (command-repository.test.ts).
 *
 * The update reads its commands from `locked` alone (and the source's rows with `where`, which
 * joins them): `where` again beside it was a second subquery that the planner, with the
 * statistics of a table that a task had just grown by 10,000 rows, ran as a nested loop over
 * the first, 1,000 x 500 comparisons a delivery batch (566 of 592 ms; a task over 10,000 engines
 * spent 4 s delivering, bench/commands.mjs). A locked row whose state another statement changed
 * meanwhile is still refused: the update checks `state` against the row as it is now.
 */
function moveStatement(
  from: CommandState,
  where: SQL,
  set: SQL,
  now: Date,
  {
    around,
    source,
  }: {
    /** Another statement around the move: a query before it (`with`) and what it answers. */
    around?: { with: SQL; select: SQL };
    /** What `where` and `set` read beside the commands (a `from` list: the results). */
    source?: SQL;
  } = {},
): SQL {
  const counters = sql.join(
    COMMAND_STATES.map((s) => {
      const column = sql.identifier(s);
      const out = s === from ? sql` - x.n` : sql``;
      return sql`${column} = t.${column} + x.${sql.identifier(`to_${s}`)}${out}`;
    }),
    sql`, `,
  );
  const counted = sql.join(
    COMMAND_STATES.map(
      (s) => sql`(count(*) filter (where state = ${s}))::int as ${sql.identifier(`to_${s}`)}`,
    ),
    sql`, `,
  );
  return sql`
    with ${around ? sql`${around.with}, ` : sql``}locked as (
      select c.id from commands c${source ? sql`, ${source}` : sql``}
      where c.state = ${from} and ${where}
      order by c.id for update of c
    ), moved as (
      update commands c set ${set}${source ? sql` from ${source}` : sql``}
      where c.state = ${from} and c.id in (select id from locked)${source ? sql` and ${where}` : sql``}
      returning c.id, c.task_id, c.tenant_id, c.device_id, c.state, c.code, c.type,
        c.created_by, c.args - 'certificate' as args
    ), per_task as (
      select task_id, count(*)::int as n, ${counted},
        min(code) filter (where state = 'failed') as error_code
      from moved where task_id is not null group by task_id
    ), locked_tasks as (
      select id from tasks where id in (select task_id from per_task) order by id for update
    ), counted as (
      update tasks t set ${counters},
        error_code = coalesce(t.error_code, x.error_code),
        updated_at = ${now}
      from per_task x where t.id = x.task_id and t.id in (select id from locked_tasks)
      returning t.id
    )
    ${
      around?.select ??
      sql`select id, task_id as "taskId", tenant_id as "tenantId", device_id as "deviceId",
      state, type, code, created_by as "createdBy", args from moved`
    }`;
}

/** A command to write, waiting for its device until `deadline`. */
export interface NewCommand {
  id: string;
  tenantId: string;
  deviceId: string;
  type: string;
  args: Record<string, unknown>;
  createdBy: string;
  now: Date;
  deadline: Date;
}

/**
 * The one statement that makes commands (issue 36 point 2: one enqueue): the rows `source`
 * selects (id, tenant_id, task_id, device_id, type, args, created_by, created_at, deadline) are
 * written waiting. A task's statement feeds it its devices (task-repository.ts); the others
 * (a synchronous command, a window) their list (`enqueue`). Answers each command's device.
 */
export const enqueueStatement = (source: SQL): SQL => sql`
  insert into commands (id, tenant_id, task_id, device_id, type, args, state, created_by,
    created_at, deadline)
  select s.id, s.tenant_id, s.task_id, s.device_id, s.type, s.args, 'waiting', s.created_by,
    s.created_at, s.deadline
  from (${source}) s
  returning device_id`;

/**
 * The commands' SQL (docs/commands.md): the one enqueue, and the engines' side as they reach it
 * through `EngineEvents` (delivery, results, deadlines), with each task's counters moved in the
 * statement that moves its commands; a task's cancel, retry and recount.
 */
export function commandRepository(db: Db) {
  const move = async (from: CommandState, where: SQL, set: SQL, now: Date, source?: SQL) =>
    rowsOf<MovedCommand>(await db.execute(moveStatement(from, where, set, now, { source })));

  return {
    /** Devices with an open command: what a node marks at its start. */
    async devicesWithOpen(): Promise<string[]> {
      const result = await db.execute(
        sql`select distinct device_id as id from commands where state in ('waiting', 'processing')`,
      );
      return rowsOf<{ id: string }>(result).map((r) => r.id);
    },

    /**
     * The open commands of these devices, oldest first, and those waiting marked as delivered
     * (processing), in one statement for any number of check-ins at once (the read sees the
     * commands as they were before the move).
     */
    async deliver(deviceIds: string[], now: Date): Promise<OpenCommand[]> {
      if (deviceIds.length === 0) return [];
      const result = await db.execute(
        moveStatement(
          'waiting',
          sql`c.id in (select id from open where state = 'waiting')`,
          sql`state = 'processing', delivered_at = ${now}`,
          now,
          {
            around: {
              with: sql`open as (
              select id, device_id, type, args, state, deadline, created_at from commands
              where device_id = any(${`{${deviceIds.join(',')}}`}::uuid[])
                and state in ('waiting', 'processing') and deadline > ${now}
            )`,
              select: sql`select id, device_id as "deviceId", type, args,
                (extract(epoch from deadline) * 1000)::float8 as deadline
              from open order by created_at, id`,
            },
          },
        ),
      );
      return rowsOf<OpenCommand>(result).map((c) => ({ ...c, deadline: Number(c.deadline) }));
    },

    /**
     * Engines' results: each ends its command as finished (code 0) or failed, if the command is
     * still open and belongs to the device that answers. Answers the commands it ended.
     */
    async applyResults(results: ResultRow[], now: Date): Promise<MovedCommand[]> {
      const moved: MovedCommand[] = [];
      // Most results answer a delivered (processing) command; the few left (one answered before
      // its delivery was written, as a node died between them) are tried as waiting, in a second
      // statement only when there are any.
      let left = results;
      for (const from of ['processing', 'waiting'] as const) {
        if (left.length === 0) break;
        const records = JSON.stringify(
          left.map((r) => ({
            id: r.id,
            device_id: r.deviceId,
            code: r.code,
            message: r.message,
            detail: r.detail ?? null,
          })),
        );
        const ended = await move(
          from,
          sql`c.id = r.id and c.device_id = r.device_id`,
          sql`state = case when r.code = 0 then 'finished' else 'failed' end,
            code = r.code, message = r.message, detail = r.detail, finished_at = ${now}`,
          now,
          sql`jsonb_to_recordset(${records}::jsonb)
            as r(id uuid, device_id uuid, code int, message text, detail jsonb)`,
        );
        moved.push(...ended);
        const done = new Set(ended.map((m) => m.id));
        left = left.filter((r) => !done.has(r.id));
      }
      return moved;
    },

    /** Open commands past their deadline end as timeout, at most `limit` a state per call. */
    async sweep(now: Date, limit: number): Promise<MovedCommand[]> {
      const moved: MovedCommand[] = [];
      for (const from of ['waiting', 'processing'] as const) {
        moved.push(
          ...(await move(
            from,
            sql`c.id in (select id from commands
              where state = ${from} and deadline <= ${now} limit ${limit})`,
            sql`state = 'timeout', finished_at = ${now}`,
            now,
          )),
        );
      }
      return moved;
    },

    /** One open command ends as timeout now (a synchronous one nobody answered in time). */
    async expire(id: string, now: Date): Promise<MovedCommand[]> {
      const moved: MovedCommand[] = [];
      for (const from of ['waiting', 'processing'] as const) {
        moved.push(
          ...(await move(
            from,
            sql`c.id = ${id}`,
            sql`state = 'timeout', finished_at = ${now}`,
            now,
          )),
        );
      }
      return moved;
    },

    /**
     * A task's waiting commands of the devices in `groupIds` (null: all) end as cancelled (what
     * is processing runs on).
     */
    cancel: (tenantId: string, taskId: string, groupIds: string[] | null, now: Date) =>
      move(
        'waiting',
        sql`c.task_id = ${taskId} and c.tenant_id = ${tenantId} and ${inGroups(groupIds)}`,
        sql`state = 'cancelled', finished_at = ${now}`,
        now,
      ),

    /**
     * A task's failed and timed-out commands wait again, each under a new id (so the engine runs
     * it again) with the next attempt's number and a new deadline; their earlier answer goes.
     */
    async retry(
      tenantId: string,
      taskId: string,
      groupIds: string[] | null,
      deadline: Date,
      now: Date,
    ) {
      const moved: MovedCommand[] = [];
      for (const from of ['failed', 'timeout'] as const) {
        moved.push(
          ...(await move(
            from,
            sql`c.task_id = ${taskId} and c.tenant_id = ${tenantId} and ${inGroups(groupIds)}`,
            sql`id = gen_random_uuid(), state = 'waiting', attempt = c.attempt + 1,
              deadline = ${deadline}, delivered_at = null, finished_at = null,
              code = null, message = null, detail = null`,
            now,
          )),
        );
      }
      // The task's first error stays when only some groups ran again: the others' failures
      // still stand.
      await db.execute(sql`
        update tasks set expires_at = greatest(expires_at, ${deadline}),
          ${groupIds ? sql`` : sql`error_code = null, `}updated_at = ${now}
        where id = ${taskId} and tenant_id = ${tenantId}`);
      return moved;
    },

    /** A task's counters counted afresh from its commands (and its first error). */
    async recount(tenantId: string, taskId: string, now: Date) {
      const counted = sql.join(
        COMMAND_STATES.map(
          (s) =>
            sql`${sql.identifier(s)} = (select count(*) from commands c where c.task_id = t.id and c.state = ${s})::int`,
        ),
        sql`, `,
      );
      await db.execute(sql`
        update tasks t set ${counted},
          total = (select count(*) from commands c where c.task_id = t.id)::int,
          updated_at = ${now}
        where t.id = ${taskId} and t.tenant_id = ${tenantId}`);
    },

    /** Commands written waiting (a synchronous one, a window): one statement for all. */
    async enqueue(list: NewCommand[]) {
      if (list.length === 0) return;
      const records = JSON.stringify(
        list.map((c) => ({
          id: c.id,
          tenant_id: c.tenantId,
          task_id: null,
          device_id: c.deviceId,
          type: c.type,
          args: c.args,
          created_by: c.createdBy,
          created_at: c.now.toISOString(),
          deadline: c.deadline.toISOString(),
        })),
      );
      await db.execute(
        enqueueStatement(sql`select * from jsonb_to_recordset(${records}::jsonb) as r(id uuid,
          tenant_id uuid, task_id uuid, device_id uuid, type text, args jsonb, created_by text,
          created_at timestamptz, deadline timestamptz)`),
      );
    },

    /** One command's state and answer (a synchronous command's, once it ended). */
    async find(id: string) {
      const result = await db.execute(sql`
        select state, code, message, detail from commands where id = ${id}`);
      return rowsOf<{
        state: CommandState;
        code: number | null;
        message: string | null;
        detail: unknown;
      }>(result)[0];
    },
  };
}
export type CommandRepository = ReturnType<typeof commandRepository>;
