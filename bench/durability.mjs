// Issue 9 item 4 figures: what an acknowledged commit costs and whether it reaches the disk.
// Committed single-row inserts, one transaction each, on three stores:
//   pglite        PGlite as shipped (PGLITE_FSYNC=off): no sync call at all
//   pglite-fsync  PGlite as the server opens it by default (platform/db/pglite-fsync.ts)
//   pg            the local PostgreSQL (PG_ADMIN_URL, default postgres@127.0.0.1:5432), a
//                 scratch database made and dropped; its fsync settings are printed
//   pglite-fullfsync  (only when DURABILITY_VARIANTS names it) pglite-fsync with fsync()
//                 for the WAL too, where native PostgreSQL and pglite-fsync use fdatasync()
// It prints commits/s (medians of BENCH_ROUNDS rounds of DURABILITY_COMMITS commits, the
// stores taking turns) and, when strace is installed, the sync calls per commit counted by
// strace on PGlite's process, and PostgreSQL's own count of WAL syncs (pg_stat_wal).
// Last, DURABILITY_KILL_ROUNDS (3) times: kill -9 of a process committing on pglite-fsync,
// and whether every commit it had acknowledged is there after a reopen.
// Run: node bench/durability.mjs (needs `npm ci`; STRACE=0 leaves strace out).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { serverBundle } from '../packages/server/esbuild.options.mjs';
import { median } from './lib/measure.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'packages/server/dist/bench-pglite-fsync.js');
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SYNC_CALLS = ['fsync', 'fdatasync', 'sync_file_range', 'msync', 'syncfs', 'sync'];
// Marks between phases: an access() of a path that does not exist, which strace shows.
const MARK = '/nonexistent-edp-durability-mark';

if (process.argv[2] === '--child') await child(process.argv[3], Number(process.argv[4]));
else if (process.argv[2] === '--writer') await writer(process.argv[3]);
else await parent();

async function parent() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const commits = Number(process.env.DURABILITY_COMMITS ?? 1000);
  await build(
    serverBundle(path.join(root, 'packages/server/src/platform/db/pglite-fsync.ts'), bundle),
  );
  const settings = await pgSettings();
  const variants = (process.env.DURABILITY_VARIANTS ?? 'pglite,pglite-fsync,pg')
    .split(',')
    .filter((v) => v !== 'pg' || settings);
  const known = ['pglite', 'pglite-fsync', 'pglite-fullfsync', 'pg'];
  for (const v of variants) if (!known.includes(v)) throw new Error(`unknown variant ${v}`);
  if (!settings) console.log(`(no PostgreSQL at ${adminUrl}: the pg row is left out)`);

  const rates = Object.fromEntries(variants.map((v) => [v, []]));
  for (let r = 0; r < rounds; r++)
    for (const v of variants) rates[v].push(runChild(v, commits).commitsPerSecond);

  const traced = hasStrace() && process.env.STRACE !== '0';
  const syncs = traced ? Object.fromEntries(variants.map((v) => [v, traceChild(v, commits)])) : {};

  console.log(
    'durability bench: %d committed single-row inserts per round, medians of %d rounds',
    commits,
    rounds,
  );
  if (settings) console.log(`  PostgreSQL: ${settings}`);
  for (const v of variants) {
    const all = rates[v].map((x) => x.toFixed(0)).join(', ');
    let line = `  ${v.padEnd(16)} ${median(rates[v]).toFixed(0).padStart(6)} commits/s  (${all})`;
    const s = syncs[v];
    if (s?.perCommit !== undefined)
      line += `; ${s.perCommit.toFixed(2)} sync calls per commit (${s.detail})`;
    console.log(line);
  }
  if (!traced) console.log('  (strace not installed or STRACE=0: no sync counts)');

  const killRounds = Number(process.env.DURABILITY_KILL_ROUNDS ?? 3);
  for (let r = 0; r < killRounds; r++) console.log(`  kill -9: ${await killCheck(500 + 400 * r)}`);
}

/**
 * kill -9 of a process committing on pglite-fsync, then a reopen: is every commit the
 * process had acknowledged there? (Not a power cut: that needs a machine to switch off.)
 */
async function killCheck(afterMs) {
  const { openSyncedPglite } = await import(bundle);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-durability-kill-'));
  const w = spawn(process.execPath, [import.meta.filename, '--writer', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let acknowledged = 0;
  let rest = '';
  w.stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const l of lines) if (/^\d+$/.test(l)) acknowledged = Number(l);
  });
  while (acknowledged === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  w.kill('SIGKILL');
  await new Promise((resolve) => w.once('exit', resolve));
  const seen = acknowledged;
  const db = await openSyncedPglite(dir);
  const { rows } = await db.query('select coalesce(max(id), 0)::int as max from bench_rows');
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(`${dir}.synced`, { force: true }); // the mark of a clean synced close (pglite-fsync.ts)
  const verdict = rows[0].max >= seen ? 'every acknowledged commit there' : 'LOST COMMITS';
  return `${seen} commits acknowledged, highest id after reopen ${rows[0].max}: ${verdict}`;
}

/** Commits rows on pglite-fsync until killed, printing each acknowledged id. */
async function writer(dir) {
  const { openSyncedPglite } = await import(bundle);
  const db = await openSyncedPglite(dir);
  await db.exec('create table bench_rows (id bigserial primary key, body text not null)');
  for (;;) {
    const { rows } = await db.query('insert into bench_rows (body) values ($1) returning id', [
      'x',
    ]);
    process.stdout.write(`${rows[0].id}\n`);
  }
}

/** One round in a fresh process; returns what the child printed. */
function runChild(variant, commits, wrap = []) {
  const cmd = [
    ...wrap,
    process.execPath,
    import.meta.filename,
    '--child',
    variant,
    String(commits),
  ];
  const out = execFileSync(cmd[0], cmd.slice(1), { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1));
}

function hasStrace() {
  return spawnSync('strace', ['-V']).status === 0;
}

/**
 * Runs one round under strace and counts the sync calls PGlite's process makes between the
 * marks: per commit in the loop, and at close (PostgreSQL's shutdown checkpoint). PostgreSQL
 * syncs in its own server processes, so its row counts WAL syncs with pg_stat_wal instead
 * (cluster-wide: another database's commits in the same seconds count too).
 */
function traceChild(variant, commits) {
  const log = path.join(os.tmpdir(), `edp-durability-strace-${process.pid}.log`);
  const trace = [
    'strace',
    '-f',
    '-qq',
    '-o',
    log,
    '-e',
    `trace=${SYNC_CALLS.join(',')},access,faccessat,faccessat2`,
  ];
  const result = runChild(variant, commits, variant === 'pg' ? [] : trace);
  if (variant === 'pg') {
    return {
      perCommit: result.walSyncs / commits,
      detail: `pg_stat_wal: ${result.walSyncs} WAL syncs for ${commits} commits`,
    };
  }
  const counts = { loop: {}, reads: {}, close: {} };
  let phase;
  for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
    const mark = line.match(new RegExp(`${MARK}-(\\w+)`));
    if (mark) phase = { begin: 'loop', reads: 'reads', end: 'close', closed: undefined }[mark[1]];
    const call = line.match(/^\d+\s+(\w+)\(/)?.[1];
    if (phase && SYNC_CALLS.includes(call)) counts[phase][call] = (counts[phase][call] ?? 0) + 1;
  }
  fs.rmSync(log, { force: true });
  const sum = (c) => Object.values(c).reduce((a, b) => a + b, 0);
  const show = (c) =>
    sum(c)
      ? Object.entries(c)
          .map(([k, n]) => `${n} ${k}`)
          .join(' + ')
      : 'none';
  return {
    perCommit: sum(counts.loop) / commits,
    detail: `${commits} commits: ${show(counts.loop)}; 100 selects: ${show(counts.reads)}; close: ${show(counts.close)}`,
  };
}

async function pgSettings() {
  const c = new pg.Client({ connectionString: adminUrl });
  try {
    await c.connect();
  } catch {
    return undefined;
  }
  const names = ['fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes'];
  const values = [];
  for (const n of names) values.push(`${n}=${(await c.query(`show ${n}`)).rows[0][n]}`);
  const version = (await c.query('show server_version')).rows[0].server_version;
  await c.end();
  return `${version}, ${values.join(', ')}`;
}

function mark(name) {
  try {
    fs.accessSync(`${MARK}-${name}`);
  } catch {
    // It does not exist; the call is the mark.
  }
}

async function child(variant, commits) {
  let query;
  let close;
  let walSyncs;
  let readWalSyncs = async () => 0;
  if (variant === 'pg') {
    const name = `edp_durability_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    query = (text, params) => c.query(text, params);
    // A backend hands its WAL counts to pg_stat_wal when idle, at most once a second.
    readWalSyncs = async () => {
      await c.query('select pg_stat_force_next_flush()');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await c.query('select pg_stat_clear_snapshot()');
      return Number((await c.query('select wal_sync from pg_stat_wal')).rows[0].wal_sync);
    };
    close = async () => {
      await c.end();
      await admin.query(`drop database ${name}`);
      await admin.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-durability-'));
    const { PGlite } = await import('@electric-sql/pglite');
    const { openSyncedPglite } = await import(bundle);
    const db =
      variant === 'pglite'
        ? await PGlite.create(dir)
        : variant === 'pglite-fsync'
          ? await openSyncedPglite(dir)
          : await openSyncedPglite(dir, {}, (fd) => fs.fsyncSync(fd));
    query = (text, params) => db.query(text, params);
    close = async () => {
      await db.close();
      mark('closed');
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(`${dir}.synced`, { force: true });
    };
  }
  await query('create table bench_rows (id bigserial primary key, body text not null)');
  const walBefore = await readWalSyncs();
  mark('begin');
  const t0 = performance.now();
  for (let i = 0; i < commits; i++)
    await query('insert into bench_rows (body) values ($1)', [`row ${i}`]);
  const ms = performance.now() - t0;
  walSyncs = (await readWalSyncs()) - walBefore;
  mark('reads');
  for (let i = 0; i < 100; i++) await query('select body from bench_rows where id = $1', [i + 1]);
  mark('end');
  await close();
  console.log(
    JSON.stringify({ variant, commits, commitsPerSecond: (commits / ms) * 1000, walSyncs }),
  );
}
