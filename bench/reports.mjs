// Issue 26 figures for report downloads (docs/reports.md "Figures"), on PostgreSQL
// (REPORTS_PGLITE=1: an in-memory PGlite): for each fleet size of REPORTS_DEVICES
// (10,000 and 100,000), a tenant with that many devices in 20 groups, an alert and an audit entry
// for every 10 devices and a task for every 100, then one monthly report made as the ticker makes
// it (the figures counted in SQL, the PDF, the XLSX of every device read in keyset pages and
// stored in chunks), timed, with the process's resident memory sampled: its peak stays near its
// start whatever the fleet's size. Budget: a monthly report over 100,000 devices in under 30 s.
// Each size runs in a process of its own (the same start for each); NODE_OPTIONS passes on, so
// NODE_OPTIONS=--max-old-space-size=96 shows what of the peak is garbage the heap keeps while it
// has room (docs/decisions.md "Device export" measured the exports the same way). With
// --expose-gc the child also collects every half second and prints what it holds then (`live`):
// without, the heap keeps garbage until V8 chooses to collect, and the peak is mostly that.
// Run: node --import tsx bench/reports.mjs   (node --expose-gc --import tsx … for `live`)
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { freshPostgres } from '../packages/server/src/test/harness.ts';
import { openDatabase } from '../packages/server/src/platform/db/index.ts';
import { auditService } from '../packages/server/src/console/audit/index.ts';
import { reportService } from '../packages/server/src/console/reports/index.ts';

const SIZES = (process.env.REPORTS_DEVICES ?? '10000,100000').split(',').map(Number);
if (!process.env.REPORTS_CHILD) {
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  console.log(
    `${process.env.REPORTS_PGLITE === '1' ? 'PGlite' : 'PostgreSQL'}, ${os.cpus().length} cores, ` +
      `load ${load()}${process.env.NODE_OPTIONS ? `, NODE_OPTIONS=${process.env.NODE_OPTIONS}` : ''}`,
  );
  const results = SIZES.map((n) => {
    const out = execFileSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url)],
      {
        env: { ...process.env, REPORTS_CHILD: '1', REPORTS_DEVICES: String(n) },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const lines = out.trim().split('\n');
    console.log(lines.slice(0, -1).join('\n'));
    return JSON.parse(lines.at(-1));
  });
  if (results.length > 1) {
    const [a, b] = [results[0], results.at(-1)];
    const mbOf = (n) => (n / 1048576).toFixed(0);
    console.log(
      `peak resident memory at ${a.devices.toLocaleString('en-US')} devices ${mbOf(a.peak)} MB, at ` +
        `${b.devices.toLocaleString('en-US')} ${mbOf(b.peak)} MB: ${(b.devices / a.devices).toFixed(0)}× ` +
        `the devices, ${(b.peak / a.peak).toFixed(2)}× the memory; live ${mbOf(a.live)} and ${mbOf(b.live)} MB`,
    );
  }
  console.log(`load after: ${load()}`);
  process.exit(0);
}
const BUDGET_S = 30;
const pglite = process.env.REPORTS_PGLITE === '1';
const pgDb = pglite ? undefined : await freshPostgres();
const database = await openDatabase({ url: pgDb?.url, pgliteDir: 'memory://' });
const { db } = database;
const seconds = (t) => (performance.now() - t) / 1000;
const mb = (n) => (n / 1048576).toFixed(0);
const quiet = { info() {}, debug() {}, trace() {}, warn: console.warn, error: console.error };
const now = Date.parse('2026-11-26T09:00:00Z');
const reports = reportService({ db, clock: () => now, log: quiet, audit: auditService({ db }) });
const results = [];
try {
  for (const [i, devices] of SIZES.entries()) {
    const tenant = `11111111-2222-3333-4444-${String(i + 1).padStart(12, '0')}`;
    let t = performance.now();
    await db.execute(
      sql`insert into tenants (id, domain) values (${tenant}, ${`bench${i}.example`})`,
    );
    await db.execute(sql`
      insert into console_groups (tenant_id, name, level, path)
      select ${tenant}, '分组-' || g, 1, '/' || g from generate_series(1, 20) g`);
    await db.execute(sql`
      insert into devices (tenant_id, group_id, name, number, ip, system_type, version, kind,
        activation, last_seen_at, licence_expires_at, created_at)
      select ${tenant}, (select id from console_groups where tenant_id = ${tenant}
          and name = '分组-' || (1 + g % 20)),
        '服务器-' || g, 'N' || g, '10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256,
        'Linux', '1.' || (g % 5) || '.0', 'DPI',
        case when g % 3 = 0 then 'inactive' else 'active' end,
        ${new Date(now - 3_600_000).toISOString()}::timestamptz - (g % 40) * interval '1 day',
        ${new Date(now).toISOString()}::timestamptz + (g % 400) * interval '1 day',
        ${new Date(now).toISOString()}::timestamptz - (g % 60) * interval '1 day'
      from generate_series(1, ${devices}) g`);
    await db.execute(sql`
      insert into log_alerts (tenant_id, device_id, at, source, kind, action, path)
      select ${tenant}, d.id, ${new Date(now).toISOString()}::timestamptz - (row_number() over () % 20) * interval '1 day',
        'dpi', 'dpi', 'altered', '/etc/passwd'
      from (select id from devices where tenant_id = ${tenant} limit ${devices / 10}) d`);
    await db.execute(sql`
      insert into console_audit (tenant_id, at, action, result)
      select ${tenant}, ${new Date(now).toISOString()}::timestamptz - (g % 20) * interval '1 day',
        case when g % 2 = 0 then '/user/add' else '/dv/m/edit' end,
        case when g % 7 = 0 then 'failure' else 'success' end
      from generate_series(1, ${devices / 10}) g`);
    await db.execute(sql`
      insert into tasks (tenant_id, name, type, args, target, group_ids, created_by, created_at,
        updated_at, expires_at, total, finished)
      select ${tenant}, 'task ' || g, 'dpi.reset', '{}', '{"all":true}', '{}', 'operator',
        ${new Date(now).toISOString()}::timestamptz - (g % 20) * interval '1 day',
        ${new Date(now).toISOString()}::timestamptz, ${new Date(now).toISOString()}::timestamptz,
        1, 1
      from generate_series(1, ${devices / 100}) g`);
    await db.execute(sql`analyze`);
    const seeded = seconds(t);
    await db.execute(sql`
      insert into reports (tenant_id, kind, period_from, period_to, tz, locale, by_schedule, created_at)
      values (${tenant}, 'monthly', '2026-10-31T16:00:00Z', '2026-11-30T16:00:00Z', 'Asia/Shanghai',
        'zh-CN', true, ${new Date(now).toISOString()})`);
    global.gc?.();
    const idle = process.memoryUsage();
    const before = idle.rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    // What the process holds, garbage aside: a full collection every half second, then the heap in use
    // and the buffers outside it.
    let live = 0;
    let liveHeap = 0;
    let liveExternal = 0;
    const collector = setInterval(() => {
      global.gc?.();
      const m = process.memoryUsage();
      live = Math.max(live, m.heapUsed + m.external);
      liveHeap = Math.max(liveHeap, m.heapUsed);
      liveExternal = Math.max(liveExternal, m.external);
    }, 500);
    t = performance.now();
    const pass = await reports.runNow();
    const made = seconds(t);
    clearInterval(sampler);
    clearInterval(collector);
    peak = Math.max(peak, process.memoryUsage().rss);
    const [row] = (
      await db.execute(sql`select status, devices, pdf_bytes as pdf, xlsx_bytes as xlsx
        from reports where tenant_id = ${tenant}`)
    ).rows;
    if (pass.made.length !== 1 || row.status !== 'done')
      throw new Error(`not made: ${JSON.stringify(row)}`);
    results.push({ devices, made, peak, live });
    console.log(
      `${devices.toLocaleString('en-US')} devices (seeded in ${seeded.toFixed(1)} s): monthly report made in ` +
        `${made.toFixed(1)} s (budget ${BUDGET_S} s${made < BUDGET_S ? '' : ', OVER'}); ` +
        `PDF ${(row.pdf / 1024).toFixed(0)} KB, XLSX ${(row.xlsx / 1048576).toFixed(1)} MB of ${row.devices} devices; ` +
        `resident memory ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB); ` +
        (global.gc
          ? `live after a full collection every 0.5 s at most ${mb(live)} MB (heap ${mb(liveHeap)}, ` +
            `buffers ${mb(liveExternal)}; before the report ${mb(idle.heapUsed)} and ${mb(idle.external)})`
          : `heap and buffers in use at most ${mb(live)} MB, garbage included (--expose-gc for live)`),
    );
  }
  console.log(JSON.stringify(results.at(-1)));
} finally {
  await database.close();
  await pgDb?.drop();
}
