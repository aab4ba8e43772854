import { sql, type SQL } from 'drizzle-orm';
import { COMMAND_STATES, type CommandState } from '@edp/shared/contracts/commands';
import type { Db } from '../platform/db/client.ts';

/** An open command as a check-in delivers it. */
export interface OpenCommand {
  id: string;
  deviceId: string;
  type: string;
  args: Record<string, unknown>;
  deadline: number;
}

/** A command whose state a statement changed. */
export interface MovedCommand {
  id: string;
  taskId: string | null;
  tenantId: string;
  deviceId: string;
  state: CommandState;
  type: string;
  /** The engine's code once it answered (null: it did not). */
  code: number | null;
  /** The account that sent it. */
  createdBy: string;
  /** Its arguments without a certificate (large, and nothing the console shows). */
  args: Record<string, unknown>;
}

/** A device's licence as a finished `licence.install` changed it: now and before (null: none). */
export interface LicenceChange {
  tenantId: string;
  deviceId: string;
  licence: { serial: number; expiresAt: string; code: string };
  previous: { serial: number; expiresAt: string; code: string | null } | null;
}

/** A licence an engine answered that it installed (a finished `licence.install`). */
export interface InstalledLicence {
  deviceId: string;
  licenseCode: string;
  serial: number;
  kind: string;
  expiresAt: string;
}

/** One engine's answer to one command, as the results statement takes it. */
export interface ResultRow {
  id: string;
  deviceId: string;
  code: number;
  message: string;
  detail: unknown;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A time as ISO 8601 in UTC, as JavaScript writes it (so two times compare as text). */
const isoOf = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Commands `c` of devices now in one of `groupIds` (null: every group): a console user's task
 * action reaches the devices their role covers, never the rest of a task that spans more.
 */
const inGroups = (groupIds: string[] | null): SQL =>
  groupIds
    ? sql`c.device_id in (select id from devices
        where group_id = any(${`{${groupIds.join(',')}}`}::uuid[]))`
    : sql`true`;

/**
 * The statement that moves commands from one state and the counters of their tasks with them:
 * the commands matching `where` in state `from` take the columns `set` gives (their new state
 * among them), and each task's counter of `from` goes down and those of the new states up, in
 * the same statement. A command moves only from the state the statement names, and PostgreSQL
 * re-reads a row another statement changed meanwhile, so two statements never both move one
 * command: a result that arrives twice is counted once (docs/commands.md).
 */
function moveStatement(
  from: CommandState,
  where: SQL,
  set: SQL,
  now: Date,
  /** Another statement around the move: a query before it (`with`) and what it answers. */
  around?: { with: SQL; select: SQL },
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
    with ${around ? sql`${around.with}, ` : sql``}moved as (
      update commands c set ${set}
      where c.state = ${from} and ${where}
      returning c.id, c.task_id, c.tenant_id, c.device_id, c.state, c.code, c.type,
        c.created_by, c.args - 'certificate' as args
    ), per_task as (
      select task_id, count(*)::int as n, ${counted},
        min(code) filter (where state = 'failed') as error_code
      from moved where task_id is not null group by task_id
    ), counted as (
      update tasks t set ${counters},
        error_code = coalesce(t.error_code, x.error_code),
        updated_at = ${now}
      from per_task x where t.id = x.task_id
      returning t.id
    )
    ${
      around?.select ??
      sql`select id, task_id as "taskId", tenant_id as "tenantId", device_id as "deviceId",
      state, type, code, created_by as "createdBy", args from moved`
    }`;
}

/** The engine protocol's side of commands: delivery, results, deadlines (docs/commands.md). */
export function commandRepository(db: Db) {
  const move = async (from: CommandState, where: SQL, set: SQL, now: Date) =>
    rowsOf<MovedCommand>(await db.execute(moveStatement(from, where, set, now)));

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
            with: sql`open as (
              select id, device_id, type, args, state, deadline, created_at from commands
              where device_id = any(${`{${deviceIds.join(',')}}`}::uuid[])
                and state in ('waiting', 'processing') and deadline > ${now}
            )`,
            select: sql`select id, device_id as "deviceId", type, args,
                (extract(epoch from deadline) * 1000)::float8 as deadline
              from open order by created_at, id`,
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
            code = r.code, message = r.message, detail = r.detail, finished_at = ${now}
            from jsonb_to_recordset(${records}::jsonb)
              as r(id uuid, device_id uuid, code int, message text, detail jsonb)`,
          now,
        );
        moved.push(...ended);
        const done = new Set(ended.map((m) => m.id));
        left = left.filter((r) => !done.has(r.id));
      }
      return moved;
    },

    /**
     * The licences engines answered they installed, written to their devices at once (kind,
     * activation, code, serial, expiry), as the engines' next check-ins will report them.
     * Answers each device's licence now and before (a self-join on the primary key, no read),
     * for its activity; a licence the device's check-in reported already is no change.
     */
    async writeLicences(installed: InstalledLicence[], now: Date): Promise<LicenceChange[]> {
      if (installed.length === 0) return [];
      const result = await db.execute(sql`
        update devices d set kind = l.kind, activation = 'active', licence_code = l.code,
          licence_serial = l.serial, licence_expires_at = l.expires_at, updated_at = ${now}
        from devices was, jsonb_to_recordset(${JSON.stringify(
          installed.map((l) => ({
            device_id: l.deviceId,
            kind: l.kind,
            code: l.licenseCode,
            serial: l.serial,
            expires_at: l.expiresAt,
          })),
        )}::jsonb) as l(device_id uuid, kind text, code text, serial int, expires_at timestamptz)
        where d.id = l.device_id and was.id = l.device_id and d.status = 'running'
        returning d.tenant_id, d.id, l.code, l.serial, ${isoOf('l.expires_at')} as expires_at,
          was.licence_code as was_code, was.licence_serial as was_serial,
          ${isoOf('was.licence_expires_at')} as was_expires_at`);
      return rowsOf<{
        tenant_id: string;
        id: string;
        code: string;
        serial: number;
        expires_at: string;
        was_code: string | null;
        was_serial: number | null;
        was_expires_at: string | null;
      }>(result).flatMap((r) =>
        r.was_serial === r.serial && r.was_expires_at === r.expires_at
          ? []
          : [
              {
                tenantId: r.tenant_id,
                deviceId: r.id,
                licence: { serial: r.serial, expiresAt: r.expires_at, code: r.code },
                previous:
                  r.was_serial !== null && r.was_expires_at !== null
                    ? { serial: r.was_serial, expiresAt: r.was_expires_at, code: r.was_code }
                    : null,
              },
            ],
      );
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

    /** One command sent on its own (a synchronous one): waiting until `deadline`. */
    async insertOne(c: {
      id: string;
      tenantId: string;
      deviceId: string;
      type: string;
      args: Record<string, unknown>;
      createdBy: string;
      now: Date;
      deadline: Date;
    }) {
      await db.execute(sql`
        insert into commands (id, tenant_id, device_id, type, args, state, created_by, created_at, deadline)
        values (${c.id}, ${c.tenantId}, ${c.deviceId}, ${c.type}, ${JSON.stringify(c.args)}::jsonb,
          'waiting', ${c.createdBy}, ${c.now}, ${c.deadline})`);
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
