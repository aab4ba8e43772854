import { sql, type SQL } from 'drizzle-orm';
import type { TDeliveryStatus, TWarningChannel, TWarningCause } from '@edp/shared/contracts/notify';
import type { Db } from '../../platform/db/index.ts';
import {
  alertStatesSql,
  commandReadModel,
  deviceStatesSql,
  logReadModel,
  newAlertsSql,
  pendingRequestsSql,
  requestStatesSql,
  taskStatesSql,
} from '../store/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The tenants whose warnings are on and include `cause`, as a join on `tenant` (notify_settings s). */
const warnsOf = (tenant: SQL, cause: TWarningCause) => sql`
  join notify_settings s on s.tenant_id = ${tenant}
    and coalesce((s.warn->>'enabled')::boolean, false)
    and coalesce(s.warn->'causes', '[]'::jsonb) @> jsonb_build_array(${cause}::text)`;

/**
 * Warnings one statement opens at most: a flood (every device silent at once) opens over a few
 * sweeps rather than in one long statement that would hold PGlite's event loop.
 */
export const OPEN_A_SWEEP = 5_000;

/** Opens a warning for each row of `select` (tenant_id, subject, label, detail) not yet open. */
const openFrom = (cause: TWarningCause, now: Date, select: SQL) => sql`
  insert into warnings (tenant_id, cause, subject, label, detail, opened_at)
  select tenant_id, ${cause}, subject, label, detail, ${now.toISOString()}::timestamptz
  from (${select}) src
  where not exists (select 1 from warnings w where w.tenant_id = src.tenant_id
    and w.cause = ${cause} and w.subject = src.subject and w.closed_at is null)
  limit ${OPEN_A_SWEEP}
  on conflict (tenant_id, cause, subject) where closed_at is null do nothing`;

export interface DueWarning {
  id: number;
  tenantId: string;
  cause: TWarningCause;
  subject: string;
  label: string;
  detail: Record<string, unknown>;
  openedAt: string;
  sentCount: number;
  warn: Record<string, unknown>;
}

export interface NewDelivery {
  tenantId: string;
  channel: TWarningChannel;
  target: string;
  body: string;
  summary: string;
  causes: string[];
}

export interface DeliveryRow {
  id: number;
  tenantId: string;
  channel: TWarningChannel;
  target: string;
  body: string;
  summary: string;
  causes: string[];
  status: TDeliveryStatus;
  tries: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAt: string | null;
}

const iso = (d: unknown) => (d == null ? null : new Date(d as string).toISOString());
const deliveryOf = (r: Record<string, unknown>): DeliveryRow => ({
  id: Number(r.id),
  tenantId: r.tenant_id as string,
  channel: r.channel as TWarningChannel,
  target: r.target as string,
  body: r.body as string,
  summary: r.summary as string,
  causes: r.causes as string[],
  status: r.status as TDeliveryStatus,
  tries: Number(r.tries),
  lastError: (r.last_error as string | null) ?? null,
  createdAt: iso(r.created_at)!,
  sentAt: iso(r.sent_at),
  nextAt: iso(r.next_at),
});

/**
 * Warnings and their deliveries (docs/notifications.md): the notifier's sweeps that open and
 * close warnings from their sources (alerts, tasks, reviews, licences, last check-ins), the due
 * warnings it turns into messages, and the messages' delivery log. Every sweep is one statement
 * over the tenants whose warnings are on.
 */
export function warningRepository(db: Db) {
  const alerts = logReadModel(db);
  const tasks = commandReadModel(db);
  return {
    /** New alerts after `after` (by id): each one open until someone sees or handles it. */
    async openAlerts(after: number, now: Date, limit: number): Promise<number | null> {
      const upTo = await alerts.alertIdAfter(after, limit);
      if (upTo == null) return null;
      await db.execute(
        openFrom(
          'dpi',
          now,
          sql`select a.tenant_id, a.id::text as subject, a.name as label,
            jsonb_build_object('deviceId', a.device_id, 'ip', a.ip, 'path', a.path,
              'kind', a.kind, 'action', a.action, 'source', a.source, 'rule', a.rule_name,
              'at', a.at) as detail
          from (${newAlertsSql(after, upTo)}) a ${warnsOf(sql`a.tenant_id`, 'dpi')}`,
        ),
      );
      return upTo;
    },
    /** Tasks that ended failed or timed out since `afterMs` (their update): once each, ever. */
    async openFailedTasks(afterMs: number, now: Date): Promise<number | null> {
      const after = new Date(afterMs).toISOString();
      const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
      const upTo = await tasks.taskUpdatedAfter(new Date(afterMs));
      if (upTo == null) return null;
      await db.execute(sql`
        insert into warnings (tenant_id, cause, subject, label, detail, opened_at)
        select t.tenant_id, 'taskFailed', t.id::text, t.name,
          jsonb_build_object('type', t.type, 'status', t.status, 'total', t.total,
            'failed', t.failed, 'timeout', t.timeout, 'errorCode', t.error_code),
          ${now.toISOString()}::timestamptz
        from (${taskStatesSql}) t ${warnsOf(sql`t.tenant_id`, 'taskFailed')}
        where t.status in ('failed', 'timeout') and t.created_at > ${since}::timestamptz
          and t.updated_at > ${after}::timestamptz
          and not exists (select 1 from warnings w where w.tenant_id = t.tenant_id
            and w.cause = 'taskFailed' and w.subject = t.id::text)
        on conflict (tenant_id, cause, subject) where closed_at is null do nothing`);
      return upTo;
    },
    /**
     * A key incident declared (console/keys hands it in): a warning if the tenant's warnings
     * are on with the cause; answers whether one was opened.
     */
    async openKeyIncident(w: {
      tenantId: string;
      subject: string;
      label: string;
      detail: Record<string, unknown>;
      now: Date;
    }): Promise<boolean> {
      const result = await db.execute(sql`
        insert into warnings (tenant_id, cause, subject, label, detail, opened_at)
        select ${w.tenantId}::uuid, 'keyIncident', ${w.subject}, ${w.label},
          ${JSON.stringify(w.detail)}::jsonb, ${w.now.toISOString()}::timestamptz
        from (select 1) one ${warnsOf(sql`${w.tenantId}::uuid`, 'keyIncident')}
        on conflict (tenant_id, cause, subject) where closed_at is null do nothing
        returning id`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    },
    /** Elevation and learning-mode requests waiting for a review. */
    async openReviews(now: Date) {
      await db.execute(
        openFrom(
          'review',
          now,
          sql`select r.tenant_id, r.id::text as subject, r.name as label,
            jsonb_build_object('kind', r.kind, 'askedBy', r.asked_by, 'deviceId', r.device_id,
              'ip', r.ip, 'reason', r.reason) as detail
          from (${pendingRequestsSql}) r ${warnsOf(sql`r.tenant_id`, 'review')}`,
        ),
      );
    },
    /** Running devices whose licence ends within `days` (or has ended). */
    async openLicences(now: Date, days: number) {
      const until = new Date(now.getTime() + days * 86_400_000).toISOString();
      await db.execute(
        openFrom(
          'licence',
          now,
          sql`select d.tenant_id, d.id::text as subject, d.name as label,
            jsonb_build_object('ip', d.ip, 'expiresAt', d.licence_expires_at) as detail
          from (${deviceStatesSql}) d ${warnsOf(sql`d.tenant_id`, 'licence')}
          where d.status = 'running' and d.licence_expires_at < ${until}::timestamptz`,
        ),
      );
    },
    /** Running devices silent longer than their tenant's offline minutes. */
    async openOffline(now: Date) {
      await db.execute(
        openFrom(
          'offline',
          now,
          sql`select d.tenant_id, d.id::text as subject, d.name as label,
            jsonb_build_object('ip', d.ip, 'lastSeenAt', d.last_seen_at) as detail
          from (${deviceStatesSql}) d ${warnsOf(sql`d.tenant_id`, 'offline')}
          where d.status = 'running' and d.last_seen_at is not null
            and d.last_seen_at < ${now.toISOString()}::timestamptz
              - make_interval(mins => coalesce((s.warn->>'offlineMinutes')::int, 30))`,
        ),
      );
    },
    /**
     * Closes the open warnings whose cause is gone: the alert seen or handled (or deleted), the
     * review decided, the licence renewed, the device back or deprecated, the cause or the
     * warnings switched off. Answers how many closed.
     */
    async closeGone(now: Date, licenceDays: number): Promise<number> {
      const at = now.toISOString();
      const until = new Date(now.getTime() + licenceDays * 86_400_000).toISOString();
      const closed = rowsOf<{ id: number }>(
        await db.execute(sql`
        update warnings w set closed_at = ${at}::timestamptz
        from (select w2.id from warnings w2
          left join notify_settings s on s.tenant_id = w2.tenant_id
          left join (${alertStatesSql}) a on w2.cause = 'dpi' and a.id = (case when w2.cause = 'dpi' then w2.subject::bigint end)
          left join (${requestStatesSql}) r on w2.cause = 'review' and r.id = (case when w2.cause = 'review' then w2.subject::uuid end)
          left join (${deviceStatesSql}) d on w2.cause in ('licence', 'offline')
            and d.id = (case when w2.cause in ('licence', 'offline') then w2.subject::uuid end)
          where w2.closed_at is null and (
            not coalesce((s.warn->>'enabled')::boolean, false)
            or not coalesce(s.warn->'causes', '[]'::jsonb) @> jsonb_build_array(w2.cause)
            or (w2.cause = 'dpi' and (a.id is null or a.state <> 'new'))
            or (w2.cause = 'review' and (r.id is null or r.state <> 'pending'))
            or (w2.cause = 'licence' and (d.id is null or d.status <> 'running'
              or d.licence_expires_at is null or d.licence_expires_at >= ${until}::timestamptz))
            or (w2.cause = 'offline' and (d.id is null or d.status <> 'running'
              or d.last_seen_at >= ${at}::timestamptz
                - make_interval(mins => coalesce((s.warn->>'offlineMinutes')::int, 30))))
          )) gone
        where w.id = gone.id returning w.id`),
      );
      return closed.length;
    },
    /**
     * Open warnings due a message: never sent, or sent fewer times than the tenant's most
     * reminders and at least its least interval ago. Oldest first, at most `limit`.
     */
    async due(now: Date, limit: number): Promise<DueWarning[]> {
      return rowsOf<DueWarning>(
        await db.execute(sql`
          select w.id::float8 as id, w.tenant_id as "tenantId", w.cause, w.subject, w.label,
            w.detail, w.opened_at as "openedAt", w.sent_count as "sentCount", s.warn
          from warnings w join notify_settings s on s.tenant_id = w.tenant_id
          where w.closed_at is null and coalesce((s.warn->>'enabled')::boolean, false)
            and (w.last_sent_at is null or (
              w.sent_count < coalesce((s.warn->>'maxReminders')::int, 1)
              and w.last_sent_at <= ${now.toISOString()}::timestamptz
                - make_interval(mins => coalesce((s.warn->>'intervalMinutes')::int, 60))))
          order by w.id limit ${limit}`),
      ).map((r) => ({ ...r, id: Number(r.id), openedAt: iso(r.openedAt)! }));
    },
    /**
     * In one transaction: the warnings counted as sent (a one-off cause closed with its first
     * message) and their messages queued.
     */
    async queue(warningIds: number[], deliveries: NewDelivery[], now: Date) {
      const at = now.toISOString();
      await db.transaction(async (tx) => {
        if (warningIds.length > 0)
          await tx.execute(sql`
            update warnings set sent_count = sent_count + 1, last_sent_at = ${at}::timestamptz,
              closed_at = case when cause in ('taskFailed', 'keyIncident') then ${at}::timestamptz end
            where id = any(${`{${warningIds.join(',')}}`}::bigint[])`);
        for (const d of deliveries)
          await tx.execute(sql`
            insert into warning_deliveries (tenant_id, channel, target, body, summary, causes,
              created_at, next_at)
            values (${d.tenantId}, ${d.channel}, ${d.target}, ${d.body}, ${d.summary},
              ${JSON.stringify(d.causes)}::jsonb, ${at}::timestamptz, ${at}::timestamptz)`);
      });
    },
    /**
     * Claims up to `limit` messages due now: each is held until `holdUntil`, so another node (or
     * this one's next pass) leaves it alone while it is being sent.
     */
    async claim(now: Date, holdUntil: Date, limit: number): Promise<DeliveryRow[]> {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          update warning_deliveries set next_at = ${holdUntil.toISOString()}::timestamptz
          where id in (select id from warning_deliveries
            where status = 'pending' and next_at <= ${now.toISOString()}::timestamptz
            order by next_at, id limit ${limit} for update skip locked)
          returning *`),
      );
      return rows.map(deliveryOf);
    },
    async sent(id: number, tries: number, now: Date) {
      await db.execute(sql`update warning_deliveries set status = 'sent', tries = ${tries},
        sent_at = ${now.toISOString()}::timestamptz, next_at = null, last_error = null
        where id = ${id}`);
    },
    /** A failed try: tried again at `nextAt`, or given up (null). */
    async failed(id: number, tries: number, error: string, nextAt: Date | null) {
      await db.execute(sql`update warning_deliveries set tries = ${tries},
        last_error = ${error.slice(0, 500)},
        status = ${nextAt ? 'pending' : 'failed'},
        next_at = ${nextAt ? nextAt.toISOString() : null}::timestamptz
        where id = ${id}`);
    },
    async list(
      tenantId: string,
      f: { status?: TDeliveryStatus; channel?: TWarningChannel },
      limit: number,
      offset: number,
    ): Promise<{ rows: DeliveryRow[]; total: number }> {
      const where = sql`tenant_id = ${tenantId}
        ${f.status ? sql`and status = ${f.status}` : sql``}
        ${f.channel ? sql`and channel = ${f.channel}` : sql``}`;
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from warning_deliveries where ${where}`),
      );
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select * from warning_deliveries where ${where}
          order by id desc limit ${limit} offset ${offset}`),
      );
      return { rows: rows.map(deliveryOf), total: Number(count?.n ?? 0) };
    },
    /** Deliveries older than `before`, a batch at a time; answers how many went. */
    async deleteBefore(before: Date, limit: number): Promise<number> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`delete from warning_deliveries where id in (
          select id from warning_deliveries where created_at < ${before.toISOString()}::timestamptz
          limit ${limit}) returning id`),
      );
      await db.execute(
        sql`delete from warnings where closed_at < ${before.toISOString()}::timestamptz`,
      );
      return rows.length;
    },
  };
}
export type WarningRepository = ReturnType<typeof warningRepository>;
