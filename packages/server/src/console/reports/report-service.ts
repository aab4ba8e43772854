import { setImmediate as nextTurn } from 'node:timers/promises';
import { CommonErr, ConsoleErr, type Locale } from '@edp/shared/errors';
import type {
  ReportFormat,
  ReportKind,
  TReportItem,
  TReportMake,
  TReportPage,
  TReportSchedule,
} from '@edp/shared/contracts/reports';
import { REPORT_KINDS } from '@edp/shared/contracts/reports';
import { reportName } from '@edp/shared/report-words';
import { whileExclusive } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import type { Logger } from '../../platform/log.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Caller } from '../access/index.ts';
import type { AuditService } from '../audit/index.ts';
import { reportRepository, type ReportRow } from './report-repository.ts';
import { reportFiles } from './report-files.ts';
import { lastEnded, periodOf, periodOfDay, type ReportPeriod } from './report-period.ts';

/** How often each node looks for periods that have ended and for reports to make. */
export const REPORT_TICK_MS = 60_000;
/** A report being made whose maker has not beaten for this long is taken over (its node died). */
export const REPORT_STALE_MS = 120_000;
/** A report that failed this many times stays failed. */
export const REPORT_TRIES = 3;
/** How long reports are kept (then deleted, files and all, by the schedule's pass). */
export const REPORT_KEEP_MS = 400 * 86_400_000;
/**
 * Reports a tenant may have waiting to be made (queued or being made) when it asks for one
 * more: each is a PDF and a workbook made one at a time per node, so without a bound one tenant
 * could queue enough to hold every node's maker for hours (issue 34). The schedule's own, at
 * most three a period, are not refused.
 */
export const REPORT_QUEUE_MAX = 20;
/** How long the server's close waits for a report under way. */
export const STOP_WAIT_MS = 3_000;
/** The job that makes the reports (jobs.ts): at start, every REPORT_TICK_MS, and when asked. */
export const REPORT_JOB = 'reports';
/** The PostgreSQL advisory lock of the schedule's pass ('edpr'): one node adds the due reports. */
export const REPORT_LOCK = 0x65647072;

const TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What one pass did: reports the schedules added, and reports this node made. */
export interface ReportPass {
  scheduled: number;
  made: string[];
  failed: string[];
  deleted: number;
}

const DEFAULT_SCHEDULE: Omit<TReportSchedule, 'tz'> & { tz: string } = {
  daily: false,
  weekly: false,
  monthly: false,
  locale: 'zh-CN',
  tz: 'UTC',
};

/**
 * Report downloads (docs/reports.md): a day's, week's or month's summary as PDF and XLSX, asked
 * for now or made by the tenant's schedule after each period ends. Reports are made in the
 * background, one at a time on each node, from a queue in the database that every node takes
 * from; their files are kept in the database in chunks, so any node serves any download.
 */
export function reportService(
  deps: Pick<Platform, 'db' | 'clock' | 'jobs'> & { log: Logger; audit: AuditService },
) {
  const { db, clock, log, audit, jobs } = deps;
  const repo = reportRepository(db);
  const files = reportFiles({ db, clock });

  const itemOf = (r: ReportRow): TReportItem => {
    const first = periodOf(r.kind, r.tz, r.periodFrom).firstDay;
    return {
      id: r.id,
      name: reportName(r.kind, first, r.locale),
      kind: r.kind,
      from: r.periodFrom.toISOString(),
      to: r.periodTo.toISOString(),
      tz: r.tz,
      locale: r.locale,
      status: r.status,
      progress: r.progress,
      bySchedule: r.bySchedule,
      madeBy: r.madeBy,
      createdAt: r.createdAt.toISOString(),
      doneAt: r.doneAt?.toISOString() ?? null,
      pdfBytes: r.pdfBytes,
      xlsxBytes: r.xlsxBytes,
      devices: r.devices,
    };
  };

  /** Makes one claimed report; a failure is kept on it (tried again up to REPORT_TRIES). */
  async function makeOne(r: ReportRow, pass: ReportPass) {
    try {
      await files.make(r, (progress) => repo.beat(r.id, progress, new Date(clock())));
      pass.made.push(r.id);
    } catch (err) {
      log.error({ err, report: r.id }, 'report not made');
      pass.failed.push(r.id);
      if (r.tries >= REPORT_TRIES) await repo.fail(r.id, String(err), new Date(clock()));
      else await repo.beat(r.id, 0, new Date(0)); // stale at once: taken again by the next pass
    }
  }

  /** Makes reports from the queue until it is empty (or the job is stopped). */
  async function drain(pass: ReportPass, signal?: AbortSignal) {
    while (!signal?.aborted) {
      const now = clock();
      const r = await repo.claim(new Date(now), new Date(now - REPORT_STALE_MS));
      if (!r) return;
      await makeOne(r, pass);
      await nextTurn();
    }
  }

  /** Adds the report of each period that has ended for every tenant's schedule, once. */
  async function scheduleDue(now: number, pass: ReportPass) {
    for (const s of await repo.schedules()) {
      for (const kind of REPORT_KINDS) {
        if (!s[kind]) continue;
        const p = lastEnded(kind, s.tz, new Date(now));
        const added = await repo.addScheduled({
          tenantId: s.tenantId,
          kind,
          periodFrom: p.from,
          periodTo: p.to,
          tz: s.tz,
          locale: s.locale,
          bySchedule: true,
          createdAt: new Date(now),
        });
        if (added) pass.scheduled++;
      }
    }
    pass.deleted = await repo.deleteBefore(new Date(now - REPORT_KEEP_MS));
  }

  async function passOnce(signal?: AbortSignal): Promise<ReportPass> {
    const pass: ReportPass = { scheduled: 0, made: [], failed: [], deleted: 0 };
    const now = clock();
    await whileExclusive(db, REPORT_LOCK, () => scheduleDue(now, pass));
    await drain(pass, signal);
    return pass;
  }

  let running: Promise<ReportPass> | undefined;
  /**
   * One pass at a time on a node; a call during a pass waits for it, then runs its own. Stopped
   * (`signal`), it takes no further report: one cut short by the closing database stops
   * beating, and a pass on any node takes it over.
   */
  async function runNow(signal?: AbortSignal): Promise<ReportPass> {
    while (running) await running.catch(() => {});
    running = passOnce(signal).finally(() => (running = undefined));
    return running;
  }

  function periodAsked(b: TReportMake, zone: string): ReportPeriod {
    return b.day ? periodOfDay(b.kind, zone, b.day) : lastEnded(b.kind, zone, new Date(clock()));
  }

  return {
    runNow,

    async list(
      caller: Caller,
      q: { page: number; pageSize: number; kind?: ReportKind },
    ): Promise<TReportPage> {
      const { list, total } = await repo.page(caller.actor.tenantId, q);
      return { list: list.map(itemOf), total, page: q.page, pageSize: q.pageSize };
    },

    /** Queues a report of the period asked for and starts making it in the background. */
    async make(caller: Caller, b: TReportMake, locale: Locale): Promise<{ id: string }> {
      const zone = b.tz ?? 'UTC';
      const p = periodAsked(b, zone);
      const id = await repo.addWithin(
        {
          tenantId: caller.actor.tenantId,
          kind: b.kind,
          periodFrom: p.from,
          periodTo: p.to,
          tz: zone,
          locale: b.locale ?? locale,
          bySchedule: false,
          madeBy: caller.actor.account,
          madeById: caller.actor.userId,
          createdAt: new Date(clock()),
        },
        REPORT_QUEUE_MAX,
      );
      if (!id) throw new AppError(ConsoleErr.ReportQueueFull, { max: REPORT_QUEUE_MAX });
      await audit.change(caller, {
        target: reportName(b.kind, p.firstDay, b.locale ?? locale),
        after: { kind: b.kind, from: p.from.toISOString(), to: p.to.toISOString(), tz: zone },
      });
      jobs.kick(REPORT_JOB);
      return { id };
    },

    async schedule(caller: Caller): Promise<TReportSchedule> {
      const s = await repo.schedule(caller.actor.tenantId);
      const { daily, weekly, monthly, locale, tz } = s ?? DEFAULT_SCHEDULE;
      return { daily, weekly, monthly, locale, tz };
    },

    /** Sets the schedule (audited with before and after); the periods ended are looked at now. */
    async setSchedule(caller: Caller, b: TReportSchedule) {
      const { tenantId } = caller.actor;
      const before = await this.schedule(caller);
      await repo.setSchedule({ tenantId, ...b, updatedAt: new Date(clock()) });
      await audit.change(caller, { target: '', before, after: b });
      jobs.kick(REPORT_JOB);
    },

    /** A made report's file, read chunk by chunk; another tenant's or none is 404, unmade 409. */
    async file(caller: Caller, id: string, format: ReportFormat) {
      const r = await repo.get(caller.actor.tenantId, id);
      if (!r) throw new AppError(CommonErr.NotFound);
      if (r.status !== 'done') throw new AppError(CommonErr.Conflict);
      const first = periodOf(r.kind, r.tz, r.periodFrom).firstDay;
      const day = r.kind === 'monthly' ? first.slice(0, 7) : first;
      return {
        name: `report-${r.kind}-${day}.${format}`,
        type: TYPES[format],
        chunks: files.read(r.id, format),
      };
    },
  };
}
/** The reports' job (jobs.ts): a pass at start, every REPORT_TICK_MS, and when kicked. */
export const reportJob = (r: ReportService): JobDefinition => ({
  name: REPORT_JOB,
  everyMs: REPORT_TICK_MS,
  atStart: true,
  stopWaitMs: STOP_WAIT_MS,
  run: (signal) => r.runNow(signal),
});
export type ReportService = ReturnType<typeof reportService>;
