import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ReportFormat, ReportKind } from '@edp/shared/contracts/reports';
import { reportChunks, reportSchedules, reports, type Db } from '../../platform/db/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
export type ReportScheduleRow = typeof reportSchedules.$inferSelect;

/** A name and how many: one row of a report's tables. */
export interface Counted {
  key: string;
  n: number;
}

/** One device as the report's devices sheet lists it. */
export interface ReportDevice {
  id: string;
  name: string;
  number: string;
  ip: string;
  groupName: string;
  systemType: string;
  kind: string;
  version: string;
  status: string;
  activation: string;
  licenceExpiresAt: Date | null;
  lastSeenAt: Date | null;
  createdAt: Date;
}

/** Where a page of devices ends: its last device's time as written (microseconds) and id. */
export interface DeviceKey {
  at: string;
  id: string;
}

const toDate = (v: unknown): Date | null => (v == null ? null : new Date(v as string));

/**
 * Report downloads (docs/reports.md): the tenants' schedules, the reports and their queue, the
 * files in chunks, and the figures a report is made of, each counted in SQL over the period.
 */
export function reportRepository(db: Db) {
  return {
    async schedule(tenantId: string): Promise<ReportScheduleRow | undefined> {
      const [row] = await db
        .select()
        .from(reportSchedules)
        .where(eq(reportSchedules.tenantId, tenantId));
      return row;
    },
    async setSchedule(row: ReportScheduleRow) {
      const { tenantId: _tenant, ...set } = row;
      await db
        .insert(reportSchedules)
        .values(row)
        .onConflictDoUpdate({ target: reportSchedules.tenantId, set });
    },
    /** The schedules that make any report. */
    async schedules(): Promise<ReportScheduleRow[]> {
      return db
        .select()
        .from(reportSchedules)
        .where(
          sql`${reportSchedules.daily} or ${reportSchedules.weekly} or ${reportSchedules.monthly}`,
        );
    },

    /**
     * A report asked for, unless its tenant already has `max` not yet made (queued or being
     * made): its id, or null. Counted and added in one statement, so a refusal never leaves a
     * row; two asked at the same instant may both pass at max - 1, which stays a bound.
     */
    async addWithin(row: NewReport, max: number): Promise<string | null> {
      const [made] = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into reports (tenant_id, kind, period_from, period_to, tz, locale, by_schedule,
            made_by, made_by_id, created_at)
          select ${row.tenantId}, ${row.kind}, ${row.periodFrom}, ${row.periodTo}, ${row.tz},
            ${row.locale}, ${row.bySchedule}, ${row.madeBy ?? ''}, ${row.madeById ?? null},
            ${row.createdAt}
          where (select count(*) from reports
                 where tenant_id = ${row.tenantId} and status in ('queued', 'making')) < ${max}
          returning id`),
      );
      return made?.id ?? null;
    },
    /** A period's scheduled report, unless one is already there: answers whether it was added. */
    async addScheduled(row: NewReport): Promise<boolean> {
      const made = await db
        .insert(reports)
        .values({ ...row, bySchedule: true })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      return made.length > 0;
    },
    async page(tenantId: string, q: { page: number; pageSize: number; kind?: ReportKind }) {
      const where = and(
        eq(reports.tenantId, tenantId),
        q.kind ? eq(reports.kind, q.kind) : undefined,
      );
      const [list, [total]] = await Promise.all([
        db
          .select()
          .from(reports)
          .where(where)
          .orderBy(desc(reports.createdAt), desc(reports.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(reports).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },
    async get(tenantId: string, id: string): Promise<ReportRow | undefined> {
      const [row] = await db
        .select()
        .from(reports)
        .where(and(eq(reports.tenantId, tenantId), eq(reports.id, id)));
      return row;
    },

    /**
     * Takes the oldest queued report, or one being made whose maker has not beaten since
     * `staleBefore` (its node died), for this node to make: locked while taken, so two nodes
     * never take the same one.
     */
    async claim(now: Date, staleBefore: Date): Promise<ReportRow | undefined> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          update reports set status = 'making', beat_at = ${now}, progress = 0,
            tries = tries + 1
          where id = (
            select id from reports
            where status = 'queued' or (status = 'making' and beat_at < ${staleBefore})
            order by created_at limit 1
            for update skip locked
          )
          returning id`),
      );
      if (!rows[0]) return undefined;
      const [row] = await db.select().from(reports).where(eq(reports.id, rows[0].id));
      return row;
    },
    async beat(id: string, progress: number, now: Date) {
      await db.update(reports).set({ progress, beatAt: now }).where(eq(reports.id, id));
    },
    async finish(
      id: string,
      done: { devices: number; pdfBytes: number; xlsxBytes: number; at: Date },
    ) {
      await db
        .update(reports)
        .set({
          status: 'done',
          progress: 100,
          devices: done.devices,
          pdfBytes: done.pdfBytes,
          xlsxBytes: done.xlsxBytes,
          doneAt: done.at,
          beatAt: done.at,
          error: '',
        })
        .where(eq(reports.id, id));
    },
    async fail(id: string, error: string, at: Date) {
      await db
        .update(reports)
        .set({ status: 'failed', error: error.slice(0, 500), doneAt: at, beatAt: at })
        .where(eq(reports.id, id));
    },
    /** Reports made before `before`, files and all. */
    async deleteBefore(before: Date): Promise<number> {
      const gone = await db
        .delete(reports)
        .where(sql`${reports.createdAt} < ${before}`)
        .returning({ id: reports.id });
      return gone.length;
    },

    async dropChunks(id: string) {
      await db.delete(reportChunks).where(eq(reportChunks.reportId, id));
    },
    async addChunk(id: string, format: ReportFormat, seq: number, data: Buffer) {
      await db.insert(reportChunks).values({ reportId: id, format, seq, data });
    },
    /** One chunk of a file, or undefined past its last. */
    async chunk(id: string, format: ReportFormat, seq: number): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ data: reportChunks.data })
        .from(reportChunks)
        .where(
          and(
            eq(reportChunks.reportId, id),
            eq(reportChunks.format, format),
            eq(reportChunks.seq, seq),
          ),
        );
      return row?.data;
    },

    // The figures

    /** The tenant's devices by state now, and what changed in the period. */
    async deviceFigures(tenantId: string, from: Date, to: Date, soon: Date) {
      const [row] = rowsOf<Record<string, number>>(
        await db.execute(sql`
          select
            count(*) filter (where status <> 'deprecated')::int as running,
            count(*) filter (where status = 'deprecated')::int as deprecated,
            count(*) filter (where created_at >= ${from} and created_at < ${to})::int as added,
            count(*) filter (where deprecated_at >= ${from} and deprecated_at < ${to})::int
              as "deprecatedInPeriod",
            count(*) filter (where status <> 'deprecated' and last_seen_at >= ${from})::int as seen,
            count(*) filter (where status <> 'deprecated' and activation = 'active')::int as active,
            count(*) filter (where status <> 'deprecated' and activation <> 'active')::int
              as inactive,
            count(*) filter (where status <> 'deprecated' and licence_expires_at >= ${to}
              and licence_expires_at < ${soon})::int as ending
          from devices where tenant_id = ${tenantId}`),
      );
      return row as {
        running: number;
        deprecated: number;
        added: number;
        deprecatedInPeriod: number;
        seen: number;
        active: number;
        inactive: number;
        ending: number;
      };
    },
    /** The groups with the most devices in use. */
    async topGroups(tenantId: string, limit: number): Promise<Counted[]> {
      return rowsOf<Counted>(
        await db.execute(sql`
          select g.name as key, c.n from (
            select group_id, count(*)::int as n from devices
            where tenant_id = ${tenantId} and status <> 'deprecated'
            group by group_id order by n desc limit ${limit}
          ) c join console_groups g on g.id = c.group_id
          order by c.n desc, g.name`),
      );
    },
    async versions(tenantId: string, limit: number): Promise<Counted[]> {
      return rowsOf<Counted>(
        await db.execute(sql`
          select version as key, count(*)::int as n from devices
          where tenant_id = ${tenantId} and status <> 'deprecated'
          group by version order by n desc, version limit ${limit}`),
      );
    },
    /** Licence requests made in the period, by purpose (activate, renew). */
    async licenceRequests(tenantId: string, from: Date, to: Date): Promise<Counted[]> {
      return rowsOf<Counted>(
        await db.execute(sql`
          select purpose as key, count(*)::int as n from device_licence_requests
          where tenant_id = ${tenantId} and created_at >= ${from} and created_at < ${to}
          group by purpose order by purpose`),
      );
    },
    /** Tasks made in the period, by type and by status. */
    async tasks(tenantId: string, from: Date, to: Date) {
      const rows = rowsOf<{ type: string; status: string; n: number }>(
        await db.execute(sql`
          select type, status, count(*)::int as n from tasks
          where tenant_id = ${tenantId} and created_at >= ${from} and created_at < ${to}
          group by type, status`),
      );
      return rows;
    },
    /** Alerts raised in the period by source and state, and the devices with the most. */
    async alerts(tenantId: string, from: Date, to: Date, limit: number) {
      const byState = rowsOf<Counted>(
        await db.execute(sql`
          select state as key, count(*)::int as n from log_alerts
          where tenant_id = ${tenantId} and at >= ${from} and at < ${to}
          group by state`),
      );
      const topDevices = rowsOf<Counted>(
        await db.execute(sql`
          select coalesce(d.name, c.device_id::text) as key, c.n from (
            select device_id, count(*)::int as n from log_alerts
            where tenant_id = ${tenantId} and at >= ${from} and at < ${to}
            group by device_id order by n desc limit ${limit}
          ) c left join devices d on d.id = c.device_id
          order by c.n desc, key`),
      );
      return { byState, topDevices };
    },
    /** The audit log's entries in the period: how many, how many failed, the commonest actions. */
    async audit(tenantId: string, from: Date, to: Date, limit: number) {
      const [totals] = rowsOf<{ total: number; failures: number }>(
        await db.execute(sql`
          select count(*)::int as total,
            count(*) filter (where result = 'failure')::int as failures
          from console_audit
          where tenant_id = ${tenantId} and at >= ${from} and at < ${to}`),
      );
      const actions = rowsOf<Counted>(
        await db.execute(sql`
          select action as key, count(*)::int as n from console_audit
          where tenant_id = ${tenantId} and at >= ${from} and at < ${to}
          group by action order by n desc, action limit ${limit}`),
      );
      return { total: totals?.total ?? 0, failures: totals?.failures ?? 0, actions };
    },
    /**
     * A page of the tenant's devices of one status after `after`, in the order they were
     * registered, with their group's name: the devices sheet is read in these keyset pages of
     * the list's index (tenant, status, created_at, id), so memory holds one page however many
     * devices there are. `key` is where the next page starts.
     */
    async devicePage(
      tenantId: string,
      status: string,
      limit: number,
      after?: DeviceKey,
    ): Promise<{ devices: ReportDevice[]; key?: DeviceKey }> {
      const from = after
        ? sql`and (d.created_at, d.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql``;
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select d.id, d.name, d.number, d.ip, g.name as "groupName", d.system_type as "systemType",
            d.kind, d.version, d.status, d.activation,
            d.licence_expires_at as "licenceExpiresAt", d.last_seen_at as "lastSeenAt",
            d.created_at as "createdAt", d.created_at::text as "atKey"
          from devices d join console_groups g on g.id = d.group_id
          where d.tenant_id = ${tenantId} and d.status = ${status} ${from}
          order by d.created_at, d.id limit ${limit}`),
      );
      const last = rows.at(-1);
      return {
        devices: rows.map((r) => ({
          ...(r as unknown as ReportDevice),
          licenceExpiresAt: toDate(r.licenceExpiresAt),
          lastSeenAt: toDate(r.lastSeenAt),
          createdAt: toDate(r.createdAt)!,
        })),
        key: last ? { at: last.atKey as string, id: last.id as string } : undefined,
      };
    },
  };
}
export type ReportRepository = ReturnType<typeof reportRepository>;
