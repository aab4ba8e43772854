// Issue 25 figures for reading the logs at scale, on PostgreSQL: LOGS_ROWS (100,000,000) access
// events over the last 13 weeks from 10,000 devices in 20 groups, then through the console's
// own calls, median of LOGS_RUNS (5) after a warm-up: the first page, filtered pages (outcome,
// group, device), a deep keyset page (the middle of the log) and a keyword page, each under
// 100 ms; then a CSV export of LOGS_EXPORT_ROWS (1,000,000) rows at >= 50,000 rows/s with the
// server's resident memory sampled as it streams (flat: its peak near its start).
//
// The events are made once, in a database kept between runs (LOGS_DB, default
// edp_bench_logs; LOGS_FRESH=1 makes it again): each week is filled as a plain table, indexed,
// and attached as the log's partition, the way a bulk load is done, which takes about 20
// minutes for 100,000,000 rows on this machine. Run: node --import tsx bench/logs-pages.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminCaller, startFleet } from './lib/fleet.mjs';
import { median } from './lib/measure.mjs';
import { usageOf } from './lib/usage.mjs';

const ROWS = Number(process.env.LOGS_ROWS ?? 100_000_000);
const RUNS = Number(process.env.LOGS_RUNS ?? 5);
const EXPORT_ROWS = Number(process.env.LOGS_EXPORT_ROWS ?? 1_000_000);
const DB = process.env.LOGS_DB ?? 'edp_bench_logs';
const WEEKS = 13;
const DEVICES = 10_000;
const WEEK_MS = 7 * 86_400_000;
const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = Object.assign(new URL(admin), { pathname: `/${DB}` }).toString();
const dataDir = path.join(os.tmpdir(), `${DB}-data`);

/** A client of the kept database, made when missing (or LOGS_FRESH=1). */
async function keptDatabase() {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  const fresh = process.env.LOGS_FRESH === '1';
  if (fresh) {
    await c.query(`drop database if exists ${DB} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [DB]);
  if (!rowCount) {
    await c.query(`create database ${DB}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await c.end();
  fs.mkdirSync(dataDir, { recursive: true });
  // A database made before holds the tenant: the fleet server is told so by its mark (it
  // removes its data directory, mark included, when it stops).
  const kept = new pg.Client({ connectionString: dbUrl });
  await kept.connect();
  const made = await kept.query(`select to_regclass('console_groups') as t`);
  if (made.rows[0].t) {
    const groups = (await kept.query('select id from console_groups order by name')).rows;
    if (groups.length > 0)
      fs.writeFileSync(
        path.join(dataDir, 'fleet.json'),
        JSON.stringify({ secret: '', groups: groups.map((g) => g.id) }),
      );
  }
  await kept.end();
}

const mondayOf = (t) => {
  const day = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * 86_400_000);
};
const weekName = (monday) =>
  `access_logs_w${monday.toISOString().slice(0, 10).replaceAll('-', '')}`;

/** Fills the weeks not yet attached, each as a table indexed and then attached. */
async function fill(c, now) {
  const [{ tenant_id: tenantId }] = (await c.query('select id as tenant_id from tenants limit 1'))
    .rows;
  const devs = (
    await c.query('select id, group_id from devices order by created_at, id limit $1', [DEVICES])
  ).rows;
  const ids = `{${devs.map((d) => d.id).join(',')}}`;
  const groups = `{${devs.map((d) => d.group_id).join(',')}}`;
  const perWeek = Math.ceil(ROWS / WEEKS);
  const first = new Date(mondayOf(now).getTime() - (WEEKS - 1) * WEEK_MS);
  await c.query(`set maintenance_work_mem = '1GB'`);
  for (let w = 0; w < WEEKS; w++) {
    const from = new Date(first.getTime() + w * WEEK_MS);
    const to = new Date(from.getTime() + WEEK_MS);
    const name = weekName(from);
    const attached = await c.query(
      `select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid where c.relname = $1`,
      [name],
    );
    if (attached.rowCount) continue;
    const span = Math.min(WEEK_MS, now.getTime() - from.getTime());
    const t0 = performance.now();
    await c.query(`drop table if exists ${name}`);
    await c.query(`create table ${name} (like access_logs including defaults)`);
    // Time order, as events arrive: 5 % denied, ten operations, 50 programs, 200 users, paths
    // in 50 departments' shares.
    await c.query(
      `insert into ${name} (tenant_id, device_id, group_id, seq, at, operation, outcome, program, user_name, path)
       select $1, ($2::uuid[])[1 + g % ${DEVICES}], ($3::uuid[])[1 + g % ${DEVICES}], g,
         $4::timestamptz + ((g - 1)::float8 / $5) * ($6::float8 * interval '1 millisecond'),
         (array['read','read','read','read','write','write','execute','create','delete','rename'])[1 + g % 10],
         case when g % 20 = 7 then 'denied' else 'allowed' end,
         '/usr/bin/app-' || (g % 50), 'user' || (g % 200),
         '/srv/share/dept-' || (g % 50) || '/doc-' || (g % 100000) || '.docx'
       from generate_series(1, $5) g`,
      [tenantId, ids, groups, from.toISOString(), perWeek, span],
    );
    for (const [suffix, cols] of [
      ['tenant', 'tenant_id, at desc, id desc'],
      ['outcome', 'tenant_id, outcome, at desc, id desc'],
      ['device', 'device_id, at desc, id desc'],
      ['group', 'group_id, at desc, id desc'],
    ])
      await c.query(`create index ${name}_${suffix} on ${name} (${cols})`);
    await c.query(
      `alter table ${name} add constraint ${name}_at check (at >= '${from.toISOString()}' and at < '${to.toISOString()}')`,
    );
    await c.query(
      `alter table access_logs attach partition ${name} for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
    );
    await c.query(`alter table ${name} drop constraint ${name}_at`);
    await c.query(`analyze ${name}`);
    console.log(
      `  week ${from.toISOString().slice(0, 10)}: ${perWeek.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
  await c.query('analyze access_logs');
}

await keptDatabase();
const pgDb = { url: dbUrl, drop: async () => {} };
let fleet = await startFleet({
  port: 18296,
  seed: DEVICES,
  database: 'pg',
  again: { pgDb, dataDir },
});
const c = new pg.Client({ connectionString: dbUrl });
await c.connect();
const now = new Date();
const t0 = performance.now();
await fill(c, now);
const [{ n }] = (await c.query('select count(*)::bigint as n from access_logs')).rows;
console.log(
  `access_logs: ${Number(n).toLocaleString('en')} rows (${((performance.now() - t0) / 1000).toFixed(0)} s to make what was missing)`,
);
const device = (await c.query('select id from devices order by created_at, id limit 1')).rows[0].id;
const group = (await c.query('select id from console_groups order by name limit 1')).rows[0].id;
const [{ size }] = (
  await c.query(`select pg_size_pretty(sum(pg_total_relation_size(inhrelid))) as size
    from pg_inherits where inhparent = 'access_logs'::regclass`)
).rows;
console.log(`access_logs on disk with its indexes: ${size}`);
await c.end();

const call = adminCaller(() => fleet);
const middle = new Date(now.getTime() - (WEEKS / 2) * WEEK_MS).toISOString().replace('Z', '000Z');
const reads = {
  'first page (12 months)': { range: '12m' },
  'filtered: denied, 30 days': { range: '30d', outcome: 'denied' },
  'filtered: one group, 12 months': { range: '12m', groupId: group },
  'filtered: one device, 12 months': { range: '12m', deviceId: device },
  'deep keyset page (middle of the log)': { range: '12m', cursor: `${middle}_9007199254740991` },
  'keyword "doc-4242.", 12 months': { range: '12m', keyword: 'doc-4242.' },
};
const BUDGET_MS = 100;
console.log(`\npages of 50, median of ${RUNS} after a warm-up (budget < ${BUDGET_MS} ms):`);
for (const [label, body] of Object.entries(reads)) {
  const times = [];
  let rows = 0;
  for (let i = 0; i <= RUNS; i++) {
    const t = performance.now();
    const page = await call('/log/m/access', { ...body, pageSize: 50 });
    if (i > 0) times.push(performance.now() - t);
    rows = page.list.length;
  }
  const m = median(times);
  console.log(
    `  ${label}: ${m.toFixed(1)} ms (${rows} rows) ${m < BUDGET_MS ? 'within' : 'OVER'} budget`,
  );
}

// The export: a custom span holding EXPORT_ROWS rows of the week before this one.
const perWeek = Math.ceil(ROWS / WEEKS);
const from = new Date(mondayOf(now).getTime() - WEEK_MS);
const to = new Date(from.getTime() + Math.ceil((EXPORT_ROWS / perWeek) * WEEK_MS));
const query = new URLSearchParams({
  range: 'custom',
  from: from.toISOString(),
  to: to.toISOString(),
  format: 'csv',
  tz: 'Asia/Shanghai',
});
const before = usageOf(fleet.pid).rssMb;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, usageOf(fleet.pid).rssMb)), 100);
const started = performance.now();
const res = await fetch(`${fleet.base}/api/log/dw/access?${query}`, {
  headers: { 'x-token': fleet.adminToken, host: fleet.host, 'accept-language': 'zh-CN' },
});
let lines = 0;
let bytes = 0;
// The server's memory at each quarter of the rows: flat means no growth with the rows read.
const quarters = [];
for await (const chunk of res.body) {
  bytes += chunk.length;
  for (const b of chunk) if (b === 10) lines++;
  if (lines >= ((quarters.length + 1) * EXPORT_ROWS) / 4)
    quarters.push(usageOf(fleet.pid).rssMb.toFixed(0));
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const exported = lines - 1;
console.log(
  `\nCSV export: ${exported.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s = ${Math.round(exported / seconds).toLocaleString('en')} rows/s (budget >= 50,000); server RSS ${before.toFixed(0)} MB before, ${quarters.join(' / ')} MB at each quarter, peak ${peak.toFixed(0)} MB`,
);
await fleet.stop();
