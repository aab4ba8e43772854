import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ReportFormat, ReportKind } from '@edp/shared/contracts/reports';
import { reportChunks, reportSchedules, reports, type Db } from '../../platform/db/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
export type ReportScheduleRow = typeof reportSchedules.$inferSelect;

/**
 * Report downloads (docs/reports.md): the tenants' schedules, the reports and their queue, and
 * the files in chunks. The figures a report is made of are read through the read models of the
 * modules that own them (console/store).
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
  };
}
export type ReportRepository = ReturnType<typeof reportRepository>;
