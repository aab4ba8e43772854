import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';

/*
 * A read model of the commands module (console/commands owns `tasks` and `commands`): the tasks
 * the reports count and the notifier warns of (the latter as selects its statements read from),
 * the licences' install commands and the commands carrying elevation windows.
 * Selects only.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The newest task update, in ms since the epoch (0 without any), as a scalar a statement reads. */
export const newestTaskUpdateMsSql = sql`coalesce((extract(epoch from
  (select max(updated_at) from tasks)) * 1000)::bigint, 0)`;

/**
 * Every task's tenant_id, id, name, type, status, total, failed, timeout, error_code,
 * created_at and updated_at.
 */
export const taskStatesSql = sql`select tenant_id, id, name, type, status, total, failed, timeout,
  error_code, created_at, updated_at from tasks`;

/**
 * Every `licence.install` command: device_id, request_id (the licence request it answers, from
 * its arguments), state, finished_at, created_by, task_id and detail, as a select the licences
 * read their requests' answers and a device's installs from.
 */
export const licenceInstallsSql = sql`select device_id, args->>'requestId' as request_id, state,
  finished_at, created_by, task_id, detail from commands where type = 'licence.install'`;

/** Every command's id, state, code and message, as a select a statement joins (a window's). */
export const commandOutcomesSql = sql`select id, state, code, message from commands`;

export function commandReadModel(db: Db) {
  return {
    /** The newest update (ms) of the tasks updated after `after`: null if none. */
    async taskUpdatedAfter(after: Date): Promise<number | null> {
      const [head] = rowsOf<{ max: number | null }>(
        await db.execute(sql`select (extract(epoch from max(updated_at)) * 1000)::float8 as max
          from tasks where updated_at > ${after.toISOString()}::timestamptz`),
      );
      return head?.max == null ? null : Number(head.max);
    },
    /** The tenant's tasks made in [from, to), by type and status. */
    async tasksByTypeAndStatus(tenantId: string, from: Date, to: Date) {
      return rowsOf<{ type: string; status: string; n: number }>(
        await db.execute(sql`
          select type, status, count(*)::int as n from tasks
          where tenant_id = ${tenantId} and created_at >= ${from} and created_at < ${to}
          group by type, status`),
      );
    },
  };
}
