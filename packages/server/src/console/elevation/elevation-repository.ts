import { sql, type SQL } from 'drizzle-orm';
import type { AckKind, AckState, TAckSettings } from '@edp/shared/contracts/elevation';
import type { CommandState } from '@edp/shared/contracts/commands';
import { uuidArray, type Db } from '../../platform/db/index.ts';
import { commandOutcomesSql, deviceRefsSql } from '../store/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A request as the screens read it: with its device and the command carrying its window. */
export interface ElevationRow {
  id: string;
  tenantId: string;
  deviceId: string;
  deviceName: string;
  deviceGroupId: string;
  deviceStatus: string;
  fingerprint: string | null;
  kind: AckKind;
  state: AckState;
  reason: string;
  windowS: number;
  askedById: string | null;
  askedBy: string;
  askedRoleId: string | null;
  askedProxyRoleIds: string[];
  askedAt: Date;
  expiresAt: Date | null;
  reviewedById: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  reviewReason: string | null;
  validFrom: Date | null;
  validUntil: Date | null;
  endedAt: Date | null;
  commandId: string | null;
  commandState: CommandState | null;
  commandCode: number | null;
  commandMessage: string | null;
}

const SELECT = sql`
  select r.id, r.tenant_id as "tenantId", r.device_id as "deviceId", d.name as "deviceName",
    d.group_id as "deviceGroupId", d.status as "deviceStatus", d.fingerprint, r.kind, r.state,
    r.reason, r.window_s as "windowS", r.asked_by_id as "askedById", r.asked_by as "askedBy",
    r.asked_role_id as "askedRoleId", r.asked_proxy_role_ids as "askedProxyRoleIds",
    r.asked_at as "askedAt", r.expires_at as "expiresAt", r.reviewed_by_id as "reviewedById",
    r.reviewed_by as "reviewedBy", r.reviewed_at as "reviewedAt",
    r.review_reason as "reviewReason", r.valid_from as "validFrom",
    r.valid_until as "validUntil", r.ended_at as "endedAt", r.command_id as "commandId",
    c.state as "commandState", c.code as "commandCode", c.message as "commandMessage"
  from ack_requests r
  join (${deviceRefsSql}) d on d.id = r.device_id
  left join (${commandOutcomesSql}) c on c.id = r.command_id`;

const dates = [
  'askedAt',
  'expiresAt',
  'reviewedAt',
  'validFrom',
  'validUntil',
  'endedAt',
] as const satisfies (keyof ElevationRow)[];
/** node-postgres answers Date; PGlite too, but a raw text array needs reading on both. */
function normalise(row: ElevationRow): ElevationRow {
  for (const k of dates) {
    const v = row[k] as unknown;
    if (v !== null && !(v instanceof Date))
      (row as unknown as Record<string, unknown>)[k] = new Date(v as string);
  }
  const ids = row.askedProxyRoleIds as unknown;
  if (typeof ids === 'string')
    row.askedProxyRoleIds = ids.replace(/[{}]/g, '').split(',').filter(Boolean);
  return row;
}

/** A pending request that expired with nobody reviewing it, as the expiry turned it. */
export interface ExpiredRequest {
  id: string;
  tenantId: string;
  deviceId: string;
  kind: AckKind;
  expiresAt: Date;
}

export interface ElevationPageQuery {
  tenantId: string;
  /** The asker's own requests only (`/ack/m/list`). */
  askedById?: string | undefined;
  /** Groups whose devices the caller sees (null: all). */
  groupIds: string[] | null;
  state?: AckState | undefined;
  kind?: AckKind | undefined;
  deviceId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** The last row of the page before: newest first, so the page holds what was asked before it. */
  after?: { at: Date; id: string } | undefined;
  limit: number;
}

/** Elevation and learning-mode requests and the review settings (docs/elevation.md). */
export function elevationRepository(db: Db) {
  return {
    async insert(r: {
      tenantId: string;
      deviceId: string;
      kind: AckKind;
      reason: string;
      windowS: number;
      askedById: string;
      askedBy: string;
      askedRoleId: string | null;
      askedProxyRoleIds: string[];
      now: Date;
      expiresAt: Date | null;
    }): Promise<string | undefined> {
      // One open request (pending, or approved and running) per device and kind: the insert
      // checks in the same statement, so two operators asking at once make one.
      const result = await db.execute(sql`
        insert into ack_requests (tenant_id, device_id, kind, state, reason, window_s, asked_by_id,
          asked_by, asked_role_id, asked_proxy_role_ids, asked_at, expires_at)
        select ${r.tenantId}, ${r.deviceId}, ${r.kind}, 'pending', ${r.reason}, ${r.windowS},
          ${r.askedById}, ${r.askedBy}, ${r.askedRoleId}, ${uuidArray(r.askedProxyRoleIds)}::uuid[],
          ${r.now}, ${r.expiresAt}
        where not exists (
          select 1 from ack_requests o
          where o.device_id = ${r.deviceId} and o.kind = ${r.kind}
            and ((o.state = 'pending' and (o.expires_at is null or o.expires_at > ${r.now}))
              or (o.state = 'approved' and o.valid_until > ${r.now})))
        returning id`);
      return rowsOf<{ id: string }>(result)[0]?.id;
    },

    /**
     * Up to `limit` pending requests past their expiry become rejected (no reviewer, no reason):
     * a tenant's (its reads do it) or every tenant's (the expiry job). Answers the requests it
     * turned, each once: a row another transaction is turning is skipped, not waited for, so two
     * nodes never turn (nor tell) one request twice, nor lock each other's rows in turn.
     */
    async expire(tenantId: string | null, now: Date, limit: number): Promise<ExpiredRequest[]> {
      const result = await db.execute(sql`
        with due as (
          select id from ack_requests
          where state = 'pending' and expires_at <= ${now}
            ${tenantId === null ? sql`` : sql`and tenant_id = ${tenantId}`}
          limit ${limit}
          for update skip locked
        )
        update ack_requests r set state = 'rejected', reviewed_at = r.expires_at
        from due where r.id = due.id
        returning r.id, r.tenant_id as "tenantId", r.device_id as "deviceId", r.kind,
          r.expires_at as "expiresAt"`);
      return rowsOf<ExpiredRequest>(result).map((r) => ({
        ...r,
        expiresAt: r.expiresAt instanceof Date ? r.expiresAt : new Date(r.expiresAt),
      }));
    },

    async find(tenantId: string, id: string): Promise<ElevationRow | undefined> {
      const rows = rowsOf<ElevationRow>(
        await db.execute(sql`${SELECT} where r.tenant_id = ${tenantId} and r.id = ${id}`),
      );
      return rows[0] && normalise(rows[0]);
    },

    /** A keyset page, newest first: `limit` rows and whether more follow. */
    async page(q: ElevationPageQuery): Promise<{ rows: ElevationRow[]; more: boolean }> {
      const where: SQL[] = [sql`r.tenant_id = ${q.tenantId}`];
      if (q.askedById) where.push(sql`r.asked_by_id = ${q.askedById}`);
      if (q.groupIds) where.push(sql`d.group_id = any(${uuidArray(q.groupIds)}::uuid[])`);
      if (q.state) where.push(sql`r.state = ${q.state}`);
      if (q.kind) where.push(sql`r.kind = ${q.kind}`);
      if (q.deviceId) where.push(sql`r.device_id = ${q.deviceId}`);
      if (q.from) where.push(sql`r.asked_at >= ${q.from}`);
      if (q.to) where.push(sql`r.asked_at <= ${q.to}`);
      if (q.after) where.push(sql`(r.asked_at, r.id) < (${q.after.at}, ${q.after.id})`);
      const rows = rowsOf<ElevationRow>(
        await db.execute(sql`${SELECT} where ${sql.join(where, sql` and `)}
          order by r.asked_at desc nulls last, r.id desc nulls last
          limit ${q.limit + 1}`),
      ).map(normalise);
      return { rows: rows.slice(0, q.limit), more: rows.length > q.limit };
    },

    /**
     * Approves a pending request, naming the command that will carry its window (the commands
     * module makes it in the same transaction); answers its device, or undefined when it was no
     * longer pending (reviewed meanwhile, or expired).
     */
    async approve(a: {
      tenantId: string;
      id: string;
      reviewerId: string;
      reviewer: string;
      reason: string;
      now: Date;
      validFrom: Date;
      validUntil: Date;
      commandId: string;
    }): Promise<{ tenantId: string; deviceId: string } | undefined> {
      const result = await db.execute(sql`
        update ack_requests set state = 'approved', reviewed_by_id = ${a.reviewerId},
          reviewed_by = ${a.reviewer}, reviewed_at = ${a.now}, review_reason = ${a.reason},
          valid_from = ${a.validFrom}, valid_until = ${a.validUntil}, command_id = ${a.commandId}
        where tenant_id = ${a.tenantId} and id = ${a.id} and state = 'pending'
          and (expires_at is null or expires_at > ${a.now})
        returning tenant_id as "tenantId", device_id as "deviceId"`);
      return rowsOf<{ tenantId: string; deviceId: string }>(result)[0];
    },

    async reject(a: {
      tenantId: string;
      id: string;
      reviewerId: string;
      reviewer: string;
      reason: string;
      now: Date;
    }): Promise<boolean> {
      const result = await db.execute(sql`
        update ack_requests set state = 'rejected', reviewed_by_id = ${a.reviewerId},
          reviewed_by = ${a.reviewer}, reviewed_at = ${a.now}, review_reason = ${a.reason}
        where tenant_id = ${a.tenantId} and id = ${a.id} and state = 'pending'
          and (expires_at is null or expires_at > ${a.now})
        returning id`);
      return rowsOf(result).length > 0;
    },

    /**
     * Withdraws a pending request before review: state `rejected` (the SPEC's three states), with
     * `ended_at` marking the withdrawal and the withdrawer in the reviewer's columns without a
     * note; answers false when it was no longer pending (reviewed meanwhile, or expired).
     */
    async withdraw(a: {
      tenantId: string;
      id: string;
      byId: string;
      by: string;
      now: Date;
    }): Promise<boolean> {
      const result = await db.execute(sql`
        update ack_requests set state = 'rejected', reviewed_by_id = ${a.byId},
          reviewed_by = ${a.by}, reviewed_at = ${a.now}, review_reason = null, ended_at = ${a.now}
        where tenant_id = ${a.tenantId} and id = ${a.id} and state = 'pending'
          and (expires_at is null or expires_at > ${a.now})
        returning id`);
      return rowsOf(result).length > 0;
    },

    /** The device's windows approved and not over yet (delivered or still on their way). */
    async openWindowsOf(tenantId: string, deviceId: string, now: Date): Promise<ElevationRow[]> {
      const rows = rowsOf<ElevationRow>(
        await db.execute(sql`${SELECT} where r.tenant_id = ${tenantId}
          and r.device_id = ${deviceId} and r.state = 'approved' and r.ended_at is null
          and r.valid_until > ${now}`),
      );
      return rows.map(normalise);
    },

    /** A running window's new end (`ended`: it was cut short now). */
    async adjust(tenantId: string, id: string, validUntil: Date, endedAt: Date | null) {
      await db.execute(sql`
        update ack_requests set valid_until = ${validUntil}, ended_at = ${endedAt}
        where tenant_id = ${tenantId} and id = ${id} and state = 'approved'`);
    },

    async settings(tenantId: string): Promise<TAckSettings | undefined> {
      const rows = rowsOf<{ max_window_s: number; pending_expiry_hours: number }>(
        await db.execute(sql`
          select max_window_s, pending_expiry_hours from ack_settings where tenant_id = ${tenantId}`),
      );
      const row = rows[0];
      return row && { maxWindowS: row.max_window_s, pendingExpiryHours: row.pending_expiry_hours };
    },

    async saveSettings(tenantId: string, s: TAckSettings) {
      await db.execute(sql`
        insert into ack_settings (tenant_id, max_window_s, pending_expiry_hours)
        values (${tenantId}, ${s.maxWindowS}, ${s.pendingExpiryHours})
        on conflict (tenant_id) do update
          set max_window_s = excluded.max_window_s,
            pending_expiry_hours = excluded.pending_expiry_hours`);
    },
  };
}
export type ElevationRepository = ReturnType<typeof elevationRepository>;
