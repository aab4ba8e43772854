import { sql, type SQL } from 'drizzle-orm';
import type { AlertSource, AlertState } from '@edp/shared/contracts/logs';
import {
  containsPattern,
  cutoffRows,
  type Db,
  type TenantCutoff,
  uuidArray,
} from '../../platform/db/index.ts';
import { deviceNamesSql, groupNamesSql } from '../store/index.ts';
import { isoOf, type LogKey, type LogRow } from './log-repository.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the alert list is filtered by; `groups` null: every group of the tenant. */
export interface AlertWhere {
  tenantId: string;
  from: Date;
  to: Date;
  groups: string[] | null;
  deviceId?: string | undefined;
  keyword?: string | undefined;
  state?: AlertState | undefined;
  source?: AlertSource | undefined;
  /** Only alerts raised up to this id (a bulk change as previewed). */
  upTo?: number | string | undefined;
  /** Only these alerts. */
  /** Bigint ids as text: a number would lose digits past 2^53. */
  ids?: string[] | undefined;
}

/** An alert as the list reads it: its event's fields, and its own. */
export interface AlertListRow extends LogRow {
  state: AlertState;
  source: AlertSource;
  ruleName: string;
  changedBy: string | null;
  changedAt: string | null;
  note: string;
}

function conditions(w: AlertWhere, after?: LogKey): SQL {
  const parts: SQL[] = [
    sql`a.tenant_id = ${w.tenantId}`,
    sql`a.at >= ${w.from.toISOString()}::timestamptz`,
    sql`a.at < ${w.to.toISOString()}::timestamptz`,
  ];
  if (w.groups) parts.push(sql`a.group_id = any(${uuidArray(w.groups)}::uuid[])`);
  if (w.deviceId) parts.push(sql`a.device_id = ${w.deviceId}`);
  if (w.state) parts.push(sql`a.state = ${w.state}`);
  if (w.source) parts.push(sql`a.source = ${w.source}`);
  if (w.upTo !== undefined) parts.push(sql`a.id <= ${w.upTo}::bigint`);
  if (w.ids) parts.push(sql`a.id = any(${`{${w.ids.join(',')}}`}::bigint[])`);
  if (w.keyword) {
    const k = containsPattern(w.keyword);
    parts.push(sql`(a.path ilike ${k} or a.program ilike ${k} or a.rule_name ilike ${k})`);
  }
  if (after) parts.push(sql`(a.at, a.id) < (${after.at}::timestamptz, ${after.id}::bigint)`);
  return sql.join(parts, sql` and `);
}

/** Alert messages (docs/logs.md "Alerts"): pages newest first, counts, and state changes. */
export function alertRepository(db: Db) {
  return {
    async page(w: AlertWhere, limit: number, after?: LogKey) {
      return rowsOf<AlertListRow>(
        await db.execute(sql`
          select a.id::float8 as id, ${isoOf('a.at')} as at, a.kind, a.device_id as "deviceId",
            d.name as "deviceName", g.name as "groupName", a.action, a.outcome, a.program,
            a.user_name as "user", a.path, a.sha256, a.state, a.source,
            a.rule_name as "ruleName", a.changed_by as "changedBy",
            ${isoOf('a.changed_at')} as "changedAt", a.note
          from (
            select * from log_alerts a where ${conditions(w, after)}
            order by a.at desc, a.id desc limit ${limit}
          ) a
          left join (${deviceNamesSql}) d on d.id = a.device_id
          left join (${groupNamesSql}) g on g.id = a.group_id
          order by a.at desc, a.id desc`),
      );
    },

    /** How many alerts match, and the newest id among every alert now (a preview's bound). */
    async count(w: AlertWhere): Promise<{ count: number; newest: number }> {
      const [row] = rowsOf<{ count: number; newest: number | null }>(
        await db.execute(sql`
          select (select count(*)::int from log_alerts a where ${conditions(w)}) as count,
            (select max(id)::float8 from log_alerts where tenant_id = ${w.tenantId}) as newest`),
      );
      return { count: row?.count ?? 0, newest: row?.newest ?? 0 };
    },

    /**
     * Moves the matching alerts to `state` (never back: a handled alert is not made seen again),
     * keeping who and when; answers how many changed.
     */
    async setState(
      w: AlertWhere,
      change: { state: 'seen' | 'handled'; byId: string; by: string; at: Date; note: string },
    ): Promise<number> {
      const from: AlertState[] = change.state === 'seen' ? ['new'] : ['new', 'seen'];
      const [row] = rowsOf<{ count: number }>(
        await db.execute(sql`
          with changed as (
            update log_alerts a set state = ${change.state}, changed_by_id = ${change.byId},
              changed_by = ${change.by}, changed_at = ${change.at.toISOString()}::timestamptz,
              note = case when ${change.note} = '' then a.note else ${change.note} end
            where ${conditions(w)} and a.state = any(${`{${from.join(',')}}`}::text[])
            returning 1
          )
          select count(*)::int as count from changed`),
      );
      return row?.count ?? 0;
    },

    /** Deletes up to `limit` of a tenant's alerts raised before `before`; answers how many. */
    /** Of these tenants, those with an alert before their cutoff (log_alerts_tenant_idx). */
    async tenantsWithAlertsBefore(cutoffs: readonly TenantCutoff[]): Promise<string[]> {
      if (cutoffs.length === 0) return [];
      return rowsOf<{ tenantId: string }>(
        await db.execute(sql`
          select c.tenant_id as "tenantId" from ${cutoffRows(cutoffs)}
          where exists (select 1 from log_alerts a
                        where a.tenant_id = c.tenant_id and a.at < c.before)`),
      ).map((r) => r.tenantId);
    },

    async deleteBefore(tenantId: string, before: Date, limit: number): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`
          with gone as (
            delete from log_alerts where id in (
              select id from log_alerts
              where tenant_id = ${tenantId} and at < ${before.toISOString()}::timestamptz
              limit ${limit})
            returning 1)
          select count(*)::int as n from gone`),
      );
      return row?.n ?? 0;
    },
  };
}
export type AlertRepository = ReturnType<typeof alertRepository>;
