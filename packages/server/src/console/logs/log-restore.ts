import path from 'node:path';
import {
  LOG_TABLES,
  WEEK_MS,
  ensureWeeks,
  weekName,
  weekOf,
  whileExclusive,
  type LogWeek,
} from '../../platform/db/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { logRetentionRepository } from './log-retention-repository.ts';
import { checksumBeside, readBackup, sha256Of, type BackupHeader } from './log-backup-file.ts';
import { MAINTENANCE_LOCK, RESTORE_BATCH, RESTORE_HOLD_MS } from './log-maintenance.ts';

/** What a restore did. */
export interface RestoreReport {
  tenantId: string;
  week: string;
  sha256: string;
  /** Rows in the file, and how many of them were not in the log already. */
  rows: number;
  inserted: number;
  heldUntil: string;
}

/**
 * Puts a backup's rows back (`npm run logs:restore -- <file>`; docs/logs.md): its SHA-256
 * checked against the checksum file beside it and the database's record of it (at least one,
 * and every one there is, must agree), its week made if it is missing and held from the cleanups
 * for RESTORE_HOLD_MS, and its rows inserted unless the log holds them already (the same tenant,
 * time and id), so restoring a file twice stores its rows once. It runs under the maintenance's
 * lock: a cleanup never drops the week half way through.
 */
export async function restoreLogBackup(
  deps: Pick<Platform, 'db' | 'clock'> & { backupDir: string },
  file: string,
): Promise<RestoreReport> {
  const { db, clock } = deps;
  const repo = logRetentionRepository(db);
  const sha256 = await sha256Of(file);
  const beside = await checksumBeside(file);
  // Its record: by its name under the backup directory, else by its digest (a copy moved).
  const relative = path.relative(path.resolve(deps.backupDir), path.resolve(file));
  const record =
    (relative.startsWith('..') || path.isAbsolute(relative)
      ? undefined
      : await repo.backupNamed(relative.split(path.sep).join('/'))) ??
    (await repo.backupWithDigest(sha256));
  const expected = [beside, record?.sha256].filter((s): s is string => !!s);
  if (expected.length === 0)
    throw new Error(
      `no checksum to check ${file} against (no ${path.basename(file)}.sha256 beside it, no record of it)`,
    );
  if (expected.some((s) => s !== sha256))
    throw new Error(`checksum mismatch: the file's SHA-256 is ${sha256}, expected ${expected[0]}`);

  let report: RestoreReport | undefined;
  const ran = await whileExclusive(db, MAINTENANCE_LOCK, async () => {
    let header: BackupHeader | undefined;
    let week: LogWeek | undefined;
    let inserted = 0;
    let batches = 0;
    const { rows } = await readBackup(
      file,
      RESTORE_BATCH,
      async (h) => {
        if (!LOG_TABLES.includes(h.log)) throw new Error(`not a log: ${String(h.log)}`);
        const from = weekOf(new Date(h.from));
        if (weekName(h.log, from) !== h.week || from.toISOString() !== h.from)
          throw new Error(`not a week of ${h.log}: ${h.week} from ${h.from}`);
        week = { table: h.log, name: h.week, from, to: new Date(from.getTime() + WEEK_MS) };
        if (!(await repo.tenantExists(h.tenantId)))
          throw new Error(`tenant ${h.tenantId} is not in this database`);
        header = h;
        await ensureWeeks(db, from, from);
        await repo.hold(week, new Date(clock() + RESTORE_HOLD_MS), path.basename(file));
      },
      async (lines) => {
        // The planner's figures of the week as it fills (see the repository's `analyze`).
        if (batches++ % 100 === 1) await repo.analyze(week!);
        inserted += await repo.restoreRows(
          header!.log,
          header!.tenantId,
          week!,
          `[${lines.join(',')}]`,
        );
      },
    );
    report = {
      tenantId: header!.tenantId,
      week: header!.week,
      sha256,
      rows,
      inserted,
      heldUntil: new Date(clock() + RESTORE_HOLD_MS).toISOString(),
    };
  });
  if (!ran || !report)
    throw new Error('the log maintenance is running on another node; try again in a minute');
  return report;
}
