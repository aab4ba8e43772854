/**
 * Puts log backups back into the logs (docs/logs.md "Retention and backup"). Usage:
 *
 *   npm run logs:restore -- <file.jsonl.gz> [<file> …]
 *
 * with the server's own settings in the environment (DATABASE_URL, or DATA_DIR for PGlite;
 * LOG_BACKUP_DIR). Each file's SHA-256 is checked against the `.sha256` file beside it and the
 * database's record of the backup; its week is made if it is missing and left alone by the
 * cleanups for 7 days; its rows are inserted unless the log holds them already, so running it
 * twice stores them once. With PGlite the server must be stopped first (its database is one
 * process's). Exit status 0 when every file was restored, 1 otherwise.
 */
import fs from 'node:fs';
import { health } from '@edp/shared/api/platform.calls';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { restoreLogBackup } from '../console/logs/index.ts';
import { openDatabase } from '../platform/db/index.ts';

/** A server answering on this machine's PORT (PGlite would then be opened by two processes). */
async function serverAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api${health.path}`, {
      signal: AbortSignal.timeout(1_000),
    });
    return res.status > 0;
  } catch {
    return false;
  }
}

async function main(files: string[]): Promise<number> {
  if (files.length === 0 || files.some((f) => f.startsWith('-'))) {
    console.error('usage: npm run logs:restore -- <backup.jsonl.gz> [<backup.jsonl.gz> …]');
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.DATABASE_URL) {
    if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
      console.error(
        `no database in ${pgliteDir}: set DATA_DIR (or DATABASE_URL) as the server has it`,
      );
      return 2;
    }
    if (await serverAnswers(config.PORT)) {
      console.error(
        `a server answers on port ${config.PORT}: stop it first (PGlite's database is one process's)`,
      );
      return 2;
    }
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir,
    pgliteFsync: config.PGLITE_FSYNC === 'on',
  });
  let failed = 0;
  try {
    for (const file of files) {
      try {
        const r = await restoreLogBackup(
          { db: database.db, clock: Date.now, backupDir: config.logBackupDir },
          file,
        );
        console.log(
          `${file}: checksum ${r.sha256} ok; ${r.week} of tenant ${r.tenantId}: ${r.rows} rows, ` +
            `${r.inserted} inserted, ${r.rows - r.inserted} already there; ` +
            `the cleanups leave the week until ${r.heldUntil}`,
        );
      } catch (err) {
        failed++;
        console.error(`${file}: not restored: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  } finally {
    await database.close();
  }
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
