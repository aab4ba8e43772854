import path from 'node:path';
import type { TLogBackups } from '@edp/shared/contracts/logs';
import { LOG_RETENTION_MONTHS } from '@edp/shared/contracts/logs';
import {
  LOG_TABLES,
  WEEK_MS,
  attachWeek,
  detachWeek,
  dropWeek,
  ensureWeeks,
  listDetachedWeeks,
  listWeeks,
  whileExclusive,
  type Db,
  type LogWeek,
} from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import type { Logger } from '../../platform/log.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Caller } from '../access/index.ts';
import { auditRetention } from '../audit/index.ts';
import { alertRepository } from './alert-repository.ts';
import { logRetentionRepository } from './log-retention-repository.ts';
import { logSettingsRepository, type Retention } from './log-settings-repository.ts';
import { writeBackup, type BackupHeader } from './log-backup-file.ts';
import { RETENTION_MONTH_MS } from './log-range.ts';

/** How often the maintenance runs (and once at start). */
export const MAINTENANCE_EVERY_MS = 3_600_000;
/** Weeks made ahead of the current one, so that the first insert of a week finds it. */
export const WEEKS_AHEAD = 2;
/** Rows read or restored at a time: memory holds one batch, whatever the week's size. */
export const BACKUP_BATCH = 5_000;
export const RESTORE_BATCH = 1_000;
/** Audit entries deleted a statement: each one short, so that no writer waits long. */
export const AUDIT_DELETE_BATCH = 5_000;
/** Tenants whose old entries one statement looks for (two array parameters of this many). */
export const PROBE_TENANTS = 10_000;
/** How long the server's close waits for a maintenance pass under way. */
export const STOP_WAIT_MS = 3_000;
/** How long the cleanups leave a week a restore brought back. */
export const RESTORE_HOLD_MS = 7 * 86_400_000;
/** The PostgreSQL advisory lock of the log maintenance and restores ('edplogs'). */
export const MAINTENANCE_LOCK = 0x6564706c;
/** The backups `/log/s/backups` lists, newest first. */
export const BACKUPS_LISTED = 500;

/** What one maintenance pass did. */
export interface MaintenanceReport {
  /** false: another node held the lock and did the cleanup. */
  ran: boolean;
  dropped: string[];
  backups: { name: string; rows: number; sha256: string }[];
  /** Weeks kept because a backup of them failed. */
  failed: string[];
  auditDeleted: number;
  alertsDeleted: number;
}

interface Deps {
  db: Db;
  clock: () => number;
  log: Logger;
  backupDir: string;
}

/**
 * Backs up one tenant's rows of one week (gzip'd JSON lines, read in keyset batches) and records
 * it for the tenant's backup list.
 */
async function backupWeek(deps: Deps, week: LogWeek, tenantId: string, now: number) {
  const repo = logRetentionRepository(deps.db);
  async function* batches() {
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const rows = await repo.weekRows(week, tenantId, BACKUP_BATCH, after);
      if (rows.length > 0) yield rows.map((r) => r.line);
      if (rows.length < BACKUP_BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.at, id: last.id };
    }
  }
  const header: BackupHeader = {
    format: 'edp-log-backup',
    version: 1,
    log: week.table,
    week: week.name,
    tenantId,
    from: week.from.toISOString(),
    to: week.to.toISOString(),
    at: new Date(now).toISOString(),
  };
  const written = await writeBackup(deps.backupDir, header, batches());
  await repo.addBackup({
    tenantId,
    log: week.table,
    name: written.name,
    weekFrom: week.from,
    weekTo: week.to,
    rows: written.rows,
    bytes: written.bytes,
    sha256: written.sha256,
    at: new Date(now),
  });
  return written;
}

/**
 * The logs' retention (docs/logs.md "Retention and backup"), hourly and once at start: the
 * weeks ahead made; each week of each log past the longest retention of any tenant (weeks are
 * shared; reads already hide what a tenant's own retention excludes) detached, backed up for
 * every tenant with rows in it whose backup is on, then dropped whole; a week whose backup
 * failed attached again and kept. Then each tenant's audit entries past its audit retention, and
 * its alerts past its log retention, are deleted in batches. One node at a time (an advisory lock); a restored week is left alone for
 * RESTORE_HOLD_MS.
 */
export function logMaintenance(
  deps: Pick<Platform, 'db' | 'clock' | 'log'> & { backupDir: string },
) {
  const { db, clock, log } = deps;
  const repo = logRetentionRepository(db);
  const settings = logSettingsRepository(db);
  const alerts = alertRepository(db);
  const audits = auditRetention(db);

  async function cleanLogs(now: number, tenants: Retention[], report: MaintenanceReport) {
    // No tenant (none yet, or every one deleted): the longest choice, as a tenant's would be.
    const longest =
      tenants.length > 0
        ? Math.max(...tenants.map((t) => t.retentionMonths))
        : Math.max(...LOG_RETENTION_MONTHS);
    const cutoff = now - longest * RETENTION_MONTH_MS;
    const backupOn = new Set(tenants.filter((t) => t.backup).map((t) => t.tenantId));
    const held = await repo.held(new Date(now));
    for (const table of LOG_TABLES) {
      // A week a node left detached (it died between backup and drop) is finished first.
      const detached = await listDetachedWeeks(db, table);
      const attached = (await listWeeks(db, table)).filter((w) => w.to.getTime() <= cutoff);
      for (const week of [...detached, ...attached]) {
        const isDetached = detached.includes(week);
        if (held.has(week.name) || week.to.getTime() > cutoff) {
          // Held by a restore, or a retention grew since it was detached: back into its log.
          if (isDetached) await attachWeek(db, week);
          continue;
        }
        if (!isDetached) await detachWeek(db, week);
        try {
          await repo.analyze(week);
          for (const tenantId of await repo.tenantsIn(week)) {
            if (!backupOn.has(tenantId)) continue;
            const b = await backupWeek({ ...deps, db }, week, tenantId, now);
            report.backups.push({ name: b.name, rows: b.rows, sha256: b.sha256 });
            log.info({ backup: b.name, rows: b.rows, bytes: b.bytes }, 'log week backed up');
          }
        } catch (err) {
          report.failed.push(week.name);
          log.error(
            { err, week: week.name },
            'log week not backed up: kept, tried again next hour',
          );
          await attachWeek(db, week).catch((e: unknown) =>
            log.error(
              { err: e, week: week.name },
              'log week left detached; the next cleanup finishes it',
            ),
          );
          continue;
        }
        await dropWeek(db, week);
        report.dropped.push(week.name);
        log.info({ week: week.name }, 'log week dropped');
      }
    }
  }

  /** Deletes in batches until a batch comes back short; answers how many went. */
  async function deleteAll(batch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await batch();
      total += n;
      if (n < AUDIT_DELETE_BATCH) return total;
      await new Promise((r) => setImmediate(r));
    }
  }

  /**
   * Each tenant's audit entries past its audit retention, and its alerts past its log retention
   * (an alert is a copy of its event, kept apart from the weeks so it outlives them while the
   * retention allows; the table is not partitioned, so its old alerts go in batches). Which
   * tenants have any is asked in one statement per PROBE_TENANTS tenants, and only those are
   * deleted from: a statement a tenant held PGlite's one connection for 19 s at 10,000 tenants,
   * though an hourly pass finds few with anything to delete.
   */
  async function cleanAudit(now: number, tenants: Retention[], report: MaintenanceReport) {
    const before = (months: number) => new Date(now - months * RETENTION_MONTH_MS);
    for (let i = 0; i < tenants.length; i += PROBE_TENANTS) {
      const chunk = new Map(tenants.slice(i, i + PROBE_TENANTS).map((t) => [t.tenantId, t]));
      const cutoffs = (months: (t: Retention) => number) =>
        [...chunk.values()].map((t) => ({ tenantId: t.tenantId, before: before(months(t)) }));
      for (const id of await audits.tenantsWithEntriesBefore(
        cutoffs((t) => t.auditRetentionMonths),
      )) {
        const cutoff = before(chunk.get(id)!.auditRetentionMonths);
        report.auditDeleted += await deleteAll(() =>
          audits.deleteBefore(id, cutoff, AUDIT_DELETE_BATCH),
        );
      }
      for (const id of await alerts.tenantsWithAlertsBefore(cutoffs((t) => t.retentionMonths))) {
        const cutoff = before(chunk.get(id)!.retentionMonths);
        report.alertsDeleted += await deleteAll(() =>
          alerts.deleteBefore(id, cutoff, AUDIT_DELETE_BATCH),
        );
      }
    }
    if (report.auditDeleted > 0)
      log.info({ entries: report.auditDeleted }, 'audit entries past their retention deleted');
    if (report.alertsDeleted > 0)
      log.info({ alerts: report.alertsDeleted }, 'alerts past their retention deleted');
  }

  async function passOnce(): Promise<MaintenanceReport> {
    const now = clock();
    const report: MaintenanceReport = {
      ran: false,
      dropped: [],
      backups: [],
      failed: [],
      auditDeleted: 0,
      alertsDeleted: 0,
    };
    await ensureWeeks(db, new Date(now), new Date(now + WEEKS_AHEAD * WEEK_MS));
    report.ran = await whileExclusive(db, MAINTENANCE_LOCK, async () => {
      const tenants = await settings.retentions();
      await cleanLogs(now, tenants, report);
      await cleanAudit(now, tenants, report);
    });
    return report;
  }

  let running: Promise<MaintenanceReport> | undefined;
  /** One pass at a time on a node; a call during a pass waits for it, then runs its own. */
  async function runNow(): Promise<MaintenanceReport> {
    while (running) await running.catch(() => {});
    running = passOnce().finally(() => (running = undefined));
    return running;
  }

  return {
    /**
     * One pass: the job `log-maintenance` (jobs.ts) runs it at start and hourly. Its stop waits
     * STOP_WAIT_MS for a pass under way: a backup of a large week takes longer than Fastify
     * gives its close hooks (10 s). A pass cut short by the closing database leaves its week
     * detached, and the next pass, on any node, finishes it.
     */
    runNow,

    /** The tenant's backups, newest first (`/log/s/backups`). */
    async backups(caller: Caller): Promise<TLogBackups> {
      const rows = await repo.backups(caller.actor.tenantId, BACKUPS_LISTED);
      return {
        list: rows.map((r) => ({
          name: path.basename(r.name),
          from: r.weekFrom.toISOString(),
          to: r.weekTo.toISOString(),
          rows: r.rows,
          bytes: r.bytes,
          sha256: r.sha256,
          at: r.at.toISOString(),
        })),
      };
    },
  };
}
export type LogMaintenance = ReturnType<typeof logMaintenance>;

/** The maintenance's job: a pass at start, then every MAINTENANCE_EVERY_MS (jobs.ts). */
export const logMaintenanceJob = (m: LogMaintenance): JobDefinition => ({
  name: 'log-maintenance',
  everyMs: MAINTENANCE_EVERY_MS,
  atStart: true,
  stopWaitMs: STOP_WAIT_MS,
  run: () => m.runNow(),
});
