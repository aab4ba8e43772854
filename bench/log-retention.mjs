// Issue 25 figures for the logs' retention (docs/logs.md "Retention and backup"), on PostgreSQL
// (RETENTION_PGLITE=1: an in-memory PGlite): RETENTION_ROWS (1,000,000) access events of one
// tenant in one old week and as many old audit entries, then one maintenance pass (the week
// detached, backed up in keyset batches through gzip, dropped) with the process's resident
// memory sampled (flat: its peak near its start whatever the week's size), the audit entries
// past the tenant's audit retention deleted, and the backup restored twice (the second stores
// nothing). Run: node --import tsx bench/log-retention.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { ensureWeeks, openDatabase } from '../packages/server/src/platform/db/index.ts';
import { logMaintenance, restoreLogBackup } from '../packages/server/src/console/logs/index.ts';

const ROWS = Number(process.env.RETENTION_ROWS ?? 1_000_000);
const pglite = process.env.RETENTION_PGLITE === '1';
const pgDb = pglite ? undefined : await freshPostgres();
const database = await openDatabase({ url: pgDb?.url, pgliteDir: 'memory://' });
const { db } = database;
const tenant = '11111111-2222-3333-4444-555555555555';
const seconds = (t) => ((performance.now() - t) / 1000).toFixed(1);
const mb = (n) => (n / 1048576).toFixed(0);
const quiet = { info() {}, debug() {}, trace() {}, warn: console.warn, error: console.error };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-bench-backups-'));
try {
  await db.execute(sql`insert into tenants (id, domain) values (${tenant}, 'bench.example')`);
  await db.execute(sql`insert into log_settings (tenant_id, retention_months, backup, audit_retention_months)
    values (${tenant}, 1, true, 12)`);
  const week = new Date('2026-06-01T00:00:00Z');
  await ensureWeeks(db, week, week);
  let t = performance.now();
  await db.execute(sql`
    insert into access_logs (tenant_id, device_id, seq, at, operation, outcome, program, user_name, path)
    select ${tenant}, '11111111-2222-3333-4444-666666666666', g,
      ${week.toISOString()}::timestamptz + g * (${604_000 / ROWS} * interval '1 second'),
      'read', case when g % 3 = 0 then 'denied' else 'allowed' end, '/usr/bin/cat', 'alice',
      '/srv/finance/report-' || g || '.xlsx'
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`insert into console_audit (tenant_id, at, action, result)
    select ${tenant}, now() - interval '60 days', '/bench/old', 'success' from generate_series(1, ${ROWS})`);
  console.log(
    `${pglite ? 'PGlite' : 'PostgreSQL'}: ${ROWS} events in one week and ${ROWS} audit entries made in ${seconds(t)} s`,
  );

  const maintenance = logMaintenance({
    db,
    clock: () => Date.parse('2026-11-26T09:00:00Z'),
    log: quiet,
    backupDir: dir,
  });
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  t = performance.now();
  const pass = await maintenance.runNow();
  const passS = seconds(t);
  clearInterval(sampler);
  const backup = pass.backups[0];
  const bytes = fs.statSync(path.join(dir, backup.name)).size;
  console.log(
    `cleanup: ${backup.rows} rows backed up (${(bytes / 1048576).toFixed(1)} MB gzip) and the week dropped in ${passS} s ` +
      `(${Math.round(backup.rows / Number(passS))} rows/s); resident memory ${mb(before)} MB before, peak ${mb(peak)} MB`,
  );
  await db.execute(sql`update log_settings set audit_retention_months = 1`);
  t = performance.now();
  const audit = await maintenance.runNow();
  console.log(`audit retention: ${audit.auditDeleted} entries deleted in ${seconds(t)} s`);
  const file = path.join(dir, backup.name);
  t = performance.now();
  const first = await restoreLogBackup({ db, clock: Date.now, backupDir: dir }, file);
  console.log(`restore: ${first.inserted} of ${first.rows} rows in ${seconds(t)} s`);
  t = performance.now();
  const again = await restoreLogBackup({ db, clock: Date.now, backupDir: dir }, file);
  console.log(`restore again: ${again.inserted} of ${again.rows} rows stored in ${seconds(t)} s`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  await database.close();
  await pgDb?.drop();
}
