import { sql } from 'drizzle-orm';
import { PRESENCE_SLACK_S } from '@edp/shared/contracts/engine';
import type { Db } from '../../platform/db/index.ts';
import type { KeyScope } from './keys-read-model.ts';

/*
 * A read model of the key rotations (console/keys owns `device_keys`): how far an escrow-key
 * rotation has reached over the devices holding data keys, with their presence (console/devices'
 * `devices`), and which devices a data-key rotation task has not finished on (console/commands'
 * `commands`). Selects only; set-based, whatever the fleet's size.
 */

/** A rotation waits for a device seen within this many check-in intervals (docs/keys.md). */
export const ROTATION_WAIT_INTERVALS = 2;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function keyRotationReadModel(db: Db) {
  return {
    /**
     * The devices of the scope holding a data key not escrowed under the current escrow key,
     * split by presence: seen within two check-in intervals (waiting: they re-escrow at their next
     * check-in) or not (offline). Reads the partial index of keys not escrowed.
     */
    async notEscrowedByPresence(
      s: KeyScope,
      now: number,
    ): Promise<{ waiting: number; offline: number }> {
      const since = sql`${new Date(now)}::timestamptz - make_interval(secs => d.interval_s * ${ROTATION_WAIT_INTERVALS} + ${PRESENCE_SLACK_S})`;
      const groups = s.groupIds
        ? sql` and d.group_id = any(${`{${s.groupIds.join(',')}}`}::uuid[])`
        : sql``;
      const [row] = rowsOf<{ waiting: number; offline: number }>(
        await db.execute(sql`
          select count(*) filter (where seen)::int as waiting,
            count(*) filter (where not seen)::int as offline
          from (
            select distinct dk.device_id, coalesce(d.last_seen_at > ${since}, false) as seen
            from device_keys dk join devices d on d.id = dk.device_id
            where dk.tenant_id = ${s.tenantId} and dk.escrowed_at is null
              and d.status = 'running'${groups}
          ) x`),
      );
      return { waiting: row?.waiting ?? 0, offline: row?.offline ?? 0 };
    },

    /** Devices of a task whose command has not finished (open, failed, timed out, cancelled). */
    async unfinishedOfTask(tenantId: string, taskId: string): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(distinct device_id)::int as n from commands
          where tenant_id = ${tenantId} and task_id = ${taskId} and state <> 'finished'`),
      );
      return row?.n ?? 0;
    },
  };
}
export type KeyRotationReadModel = ReturnType<typeof keyRotationReadModel>;
