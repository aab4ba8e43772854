// The system under test for bench/devices.mjs and bench/checkin.mjs: the real app (PGlite, or
// PostgreSQL with DATABASE_URL) with one console tenant holding FLEET_SEED devices (100,000) in
// 20 groups, an enrolment secret, and a signed-in administrator. Prints what the load generator
// needs as one JSON line on stdout, then serves until killed; on SIGTERM it prints its own CPU
// time and peak resident memory as a second JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { md5Hex } from '../../packages/server/src/platform/passwords/password-hash.ts';

const SEED = Number(process.env.FLEET_SEED ?? 100_000);
const HOST = 'fleet.local';
// The data of an earlier server when started again after a kill (fleet.mjs `again`).
const dataDir =
  process.env.FLEET_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'edp-bench-fleet-'));
const MARK = path.join(dataDir, 'fleet.json');
const earlier = fs.existsSync(MARK)
  ? (JSON.parse(fs.readFileSync(MARK, 'utf8')) as { secret: string; groups: string[] })
  : undefined;
const config = loadConfig({
  DATA_DIR: dataDir,
  CAPTCHA: 'off',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  PORT: process.env.PORT ?? '18280',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  PGLITE_FSYNC: process.env.PGLITE_FSYNC ?? 'on',
  // To read the server's own figures (GET /metrics) beside a bench's.
  ...(process.env.METRICS_TOKEN ? { METRICS_TOKEN: process.env.METRICS_TOKEN } : {}),
  // Another build of the web app (bench/first-rows.mjs compares two).
  ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  // Another check-in interval (bench/escrow.mjs, ESCROW_INTERVAL_S).
  ...(process.env.CHECK_IN_INTERVAL_S
    ? { CHECK_IN_INTERVAL_S: process.env.CHECK_IN_INTERVAL_S }
    : {}),
});
// The server's warnings go to stderr, beside the bench's own lines (stdout carries the JSON the
// bench reads).
const app = await buildApp({ config, logStream: process.stderr });
await app.ready();
const db = app.platform.db;
// FLEET_NO_AUTOVACUUM=1: the embedded database's autovacuum held, as before issue 40 (what
// its absence does); FLEET_EXPLAIN_EVERY_S: the plan of the enrolment's activity statement
// (device-activity-repository.ts `enrolled`, its select) for the newest device, every so often.
if (process.env.FLEET_NO_AUTOVACUUM && !process.env.DATABASE_URL) {
  await app.platform.jobs.pause('embedded-autovacuum');
}
const explainEveryS = Number(process.env.FLEET_EXPLAIN_EVERY_S ?? 0);
const EXPLAIN_ANALYZE_AT = Number(process.env.FLEET_EXPLAIN_ANALYZE_AT ?? 45_000);
if (explainEveryS > 0) {
  const { groupNamesSql } = await import('../../packages/server/src/console/store/index.ts');
  const explain = async (when: string) => {
    const [newest] = await rows<{ id: string; tenant_id: string }>(
      sql`select id, tenant_id from devices order by enrolled_at desc limit 1`,
    );
    if (!newest) return 0;
    const plan = await rows<{ 'QUERY PLAN': string }>(sql`
      explain (analyze, buffers) select d.tenant_id, d.id, jsonb_build_object('group', g.name)
      from devices d join (${groupNamesSql}) g on g.id = d.group_id
      where d.id = ${newest.id} and d.tenant_id = ${newest.tenant_id}`);
    const [devices] = await rows<{ n: number; estimated: number }>(sql`
      select count(*)::int as n, (select reltuples from pg_class where relname = 'devices') as estimated
      from devices`);
    console.error(
      `explain ${when} at ${new Date().toISOString()}, ${devices!.n} devices (estimated ${devices!.estimated}):\n` +
        plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n'),
    );
    return devices!.n;
  };
  // With the autovacuum held: once most of the fleet is in, one analyze, and the plan after it.
  let analyzed = false;
  setInterval(async () => {
    const n = await explain('now');
    if (process.env.FLEET_NO_AUTOVACUUM && !analyzed && n >= EXPLAIN_ANALYZE_AT) {
      analyzed = true;
      await db.execute(sql`analyze`);
      await explain('after one analyze');
    }
  }, explainEveryS * 1000).unref();
}
// FLEET_CPU_PROFILE=<start s>:<seconds>: a CPU profile of the server over that span, written to
// the system's temp directory and summarised (the functions with the most self time) on stderr.
if (process.env.FLEET_CPU_PROFILE) {
  const { profileCpu } = await import('./cpu-profile.ts');
  const [startS, seconds] = process.env.FLEET_CPU_PROFILE.split(':').map(Number);
  profileCpu(startS ?? 0, seconds ?? 30);
}
if (process.env.FLEET_SQL_PROFILE && !process.env.DATABASE_URL) {
  const { profileSql } = await import('./sql-profile.ts');
  profileSql((db as unknown as { $client: unknown }).$client);
}
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

const adminPassword = md5Hex('Bench#Admin2026');
if (!earlier) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/owner/n/reg',
    headers: { host: HOST },
    payload: {
      company: 'Fleet Ltd',
      sysName: 'Fleet',
      admin: { account: 'admin', name: 'admin', password: adminPassword },
      loginSet: { picCodeTag: false },
    },
  });
  if (!setup.json().success) throw new Error(`tenant setup failed: ${setup.body}`);
}
const login = await app.inject({
  method: 'POST',
  url: '/api/login/n/login',
  headers: { host: HOST },
  payload: { account: 'admin', password: adminPassword },
});
const adminToken = login.json().data.token as string;
const call = async (url: string, payload: object) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { host: HOST, 'x-token': adminToken },
    payload,
  });
  const body = res.json();
  if (!body.success) throw new Error(`${url}: ${res.body}`);
  return body.data;
};
const started = performance.now();
const groups: string[] = earlier?.groups ?? [];
let secret = earlier?.secret ?? '';
if (!earlier) {
  for (let i = 1; i <= 20; i++)
    groups.push((await call('/user/group/add', { name: `Site-${i}` })).id);
  secret = (await call('/dv/m/secret/rotate', { groupId: groups[0] })).secret as string;
  const [{ tenant_id: tenantId }] = await rows<{ tenant_id: string }>(
    sql`select id as tenant_id from tenants limit 1`,
  );

  await db.execute(sql`
    insert into devices (tenant_id, group_id, name, number, ip, system_type, kind, fingerprint,
      install, detection, activation, licence_serial, licence_expires_at, enrolled_at,
      last_seen_at, created_at, state_digest)
    select ${tenantId}, (${`{${groups.join(',')}}`}::uuid[])[1 + g % 20], 'host-' || g, 'N' || g,
      '10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256,
      (array['Linux','Windows Server','Kylin'])[1 + g % 3], (array['TDE','DI','DPI','PWE','PWO'])[1 + g % 5],
      md5(g::text) || md5((g + 1)::text), 'installed', 'ok',
      case when g % 4 = 0 then 'inactive' else 'active' end,
      case when g % 4 = 0 then null else 1 end,
      case when g % 4 = 0 then null else now() + ((g % 400) - 30) * interval '1 day' end,
      now() - g * interval '1 minute', now() - (g % 200) * interval '1 second',
      now() - g * interval '1 minute', 'seed'
    from generate_series(1, ${SEED}) g`);
  await db.execute(sql`vacuum analyze devices`);
  // TASK_SEED tasks of TASK_DEVICES devices each (bench/tasks.mjs): a tenth failed, the rest
  // finished, each task's devices a run of the seeded ones.
  const TASK_SEED = Number(process.env.TASK_SEED ?? 0);
  const TASK_DEVICES = Number(process.env.TASK_DEVICES ?? 1_000);
  if (TASK_SEED > 0) {
    const per = TASK_DEVICES;
    await db.execute(sql`
      insert into tasks (tenant_id, name, type, args, target, group_ids, created_by, created_at,
        updated_at, expires_at, total, finished, failed, error_code)
      select ${tenantId}, '/srv/task-' || t,
        (array['tde.encrypt','tde.decrypt','se.protect','se.unprotect','dpi.baseline','dpi.drop','dpi.reset'])[1 + t % 7],
        jsonb_build_object('path', '/srv/task-' || t), '{"every":true}'::jsonb,
        ${`{${groups.join(',')}}`}::uuid[], 'admin', now() - t * interval '1 minute',
        now() - t * interval '1 minute', now() + interval '1 day', ${per}, ${per - per / 10}, ${per / 10}, -18
      from generate_series(1, ${TASK_SEED}) t`);
    await db.execute(sql`
      insert into commands (id, tenant_id, task_id, device_id, type, args, state, created_by,
        created_at, deadline, delivered_at, finished_at, code, message)
      select gen_random_uuid(), ${tenantId}, tk.id, d.id, tk.type, tk.args,
        case when i % 10 = 0 then 'failed' else 'finished' end, 'admin', tk.created_at,
        tk.expires_at, tk.created_at, tk.created_at + interval '2 seconds',
        case when i % 10 = 0 then -18 else 0 end, case when i % 10 = 0 then 'no such directory' else 'ok' end
      from (select id, type, args, created_at, expires_at, row_number() over (order by created_at) - 1 as n from tasks) tk
        cross join generate_series(0, ${per - 1}) i
        join (select id, row_number() over (order by created_at, id) - 1 as n from devices) d
          on d.n = (tk.n * ${per} + i) % ${SEED}`);
    await db.execute(sql`vacuum analyze tasks`);
    await db.execute(sql`vacuum analyze commands`);
  }

  // ACK_SEED elevation and learning-mode requests (bench/ack.mjs): two in three elevation, a
  // tenth pending, the rest approved or rejected half and half, ten seconds apart, over the
  // first 1,000 seeded devices (a hundred each).
  const ACK_SEED = Number(process.env.ACK_SEED ?? 0);
  if (ACK_SEED > 0) {
    await db.execute(sql`
      insert into ack_requests (tenant_id, device_id, kind, state, reason, window_s, asked_by_id,
        asked_by, asked_proxy_role_ids, asked_at, expires_at, reviewed_by, reviewed_at,
        review_reason, valid_from, valid_until)
      select ${tenantId}, d.id, case when g % 3 = 0 then 'learning' else 'elevation' end,
        case when g % 10 = 0 then 'pending' when g % 2 = 0 then 'approved' else 'rejected' end,
        'maintenance ' || g, 3600, null, 'op-' || g % 7, '{}'::uuid[],
        date_trunc('milliseconds', now() - g * interval '10 seconds'), null,
        case when g % 10 = 0 then null else 'auditor' end,
        case when g % 10 = 0 then null else date_trunc('milliseconds', now() - g * interval '10 seconds' + interval '5 minutes') end,
        case when g % 10 = 0 then null else 'ok' end,
        case when g % 10 <> 0 and g % 2 = 0 then now() - g * interval '10 seconds' end,
        case when g % 10 <> 0 and g % 2 = 0 then now() - g * interval '10 seconds' + interval '1 hour' end
      from generate_series(1, ${ACK_SEED}) g
        join (select id, row_number() over (order by created_at, id) as n from devices) d
          on d.n = 1 + g % ${Math.min(SEED, 1_000)}`);
    await db.execute(sql`vacuum analyze ack_requests`);
  }

  fs.writeFileSync(MARK, JSON.stringify({ secret, groups }));
}
/** The page cursor after the n-th request (newest first) of a filter, for deep pages. */
const ackCursor = async (n: number, where = sql`true`) => {
  const [row] = await rows<{ at: Date; id: string }>(sql`
    select asked_at as at, id from ack_requests where ${where}
    order by asked_at desc, id desc offset ${n - 1} limit 1`);
  return row
    ? Buffer.from(`${new Date(row.at).getTime()}.${row.id}`, 'utf8').toString('base64url')
    : null;
};
const ackSeeded = Number(process.env.ACK_SEED ?? 0);
const ackCursors =
  ackSeeded > 0
    ? {
        deep: await ackCursor(Math.floor(ackSeeded * 0.9)),
        deepPending: await ackCursor(Math.floor(ackSeeded * 0.09), sql`state = 'pending'`),
      }
    : undefined;
const seedMs = performance.now() - started;
// Started again on an earlier server's data: what that server left in the database of the
// engines' writes (bench/stop.mjs reads whether a stop under load lost any).
const devicesLeft = earlier
  ? (
      await rows<{ total: number; neverSeen: number; oldestSeen: Date | null }>(sql`
        select count(*)::int as total, count(*) filter (where last_seen_at is null)::int as "neverSeen",
               min(last_seen_at) as "oldestSeen" from devices`)
    )[0]
  : undefined;

await app.listen({ port: config.PORT, host: '127.0.0.1' });
console.log(
  JSON.stringify({
    base: `http://127.0.0.1:${config.PORT}`,
    host: HOST,
    adminToken,
    secret,
    groups,
    seed: SEED,
    seedMs,
    ackCursors,
    devicesLeft,
    pid: process.pid,
  }),
);
// Stalls of the server's event loop (PGlite runs in it), logged as they happen.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
setInterval(() => {
  const maxMs = loop.max / 1e6;
  if (maxMs > 200) {
    console.error(
      `fleet server: event loop stalled ${maxMs.toFixed(0)} ms at ${new Date().toISOString()}`,
    );
  }
  loop.reset();
}, 5_000).unref();
// Garbage collections that held the loop over 100 ms, logged beside the stalls: a stall with
// no collection in it is the server's own work.
new PerformanceObserver((list) => {
  for (const gc of list.getEntries()) {
    if (gc.duration > 100) {
      const kind = (gc.detail as { kind?: number } | undefined)?.kind;
      console.error(
        `fleet server: garbage collection (kind ${kind}) held the loop ${gc.duration.toFixed(0)} ms at ${new Date().toISOString()}`,
      );
    }
  }
}).observe({ entryTypes: ['gc'] });
let peakRss = 0;
/**
 * The resident memory now, or 0 when it cannot be read: Node reads it from /proc/self/stat,
 * which takes a file, and throws EMFILE when the process has none left (issue 38 point 3: the
 * sampler, not the server, was what died of it).
 */
const rss = () => {
  try {
    return process.memoryUsage.rss();
  } catch {
    return 0;
  }
};
setInterval(() => (peakRss = Math.max(peakRss, rss())), 500).unref();
/**
 * FLEET_COUNT_LOGS=1 (bench/logs-ingest.mjs): what the logs hold at the end, to compare with
 * what the engines were told was stored: rows, distinct (device, seq), the cursors' sum.
 */
const logFigures = async () => {
  if (!process.env.FLEET_COUNT_LOGS) return {};
  const [r] = await rows<{ access: string; monitor: string; distinct: string; acked: string }>(sql`
    select (select count(*) from access_logs) as access,
      (select count(*) from monitor_logs) as monitor,
      (select count(*) from (select device_id, seq from access_logs
        union select device_id, seq from monitor_logs) u) as distinct,
      (select coalesce(sum(acked), 0) from log_cursors) as acked`);
  return {
    logs: {
      access: Number(r!.access),
      monitor: Number(r!.monitor),
      distinct: Number(r!.distinct),
      cursorAcked: Number(r!.acked),
    },
  };
};
const stop = async () => {
  const cpu = process.cpuUsage();
  const logs = await logFigures();
  console.log(
    JSON.stringify({
      cpuUserS: cpu.user / 1e6,
      cpuSystemS: cpu.system / 1e6,
      peakRssMb: Math.max(peakRss, rss()) / 2 ** 20,
      ...logs,
    }),
  );
  const closing = performance.now();
  await app.close();
  // How long the close took, for a stop under load (bench/stop.mjs); FLEET_KEEP_DATA keeps the
  // data for a server started on it again.
  console.log(JSON.stringify({ closeMs: performance.now() - closing }));
  if (!process.env.FLEET_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
