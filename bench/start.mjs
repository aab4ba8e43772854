// Issue 21 point 5 figures: how long a start takes, from the command to the first successful
// answer of GET /api/health (targets ≤ 5 s), medians of BENCH_ROUNDS (5) starts of each kind,
// with the CPU time each start used until then (which depends far less on the machine's load):
//   npm start, second start      `npm start` again with nothing changed: the build current,
//                                the database there
//   npm start, fresh DATA_DIR    `npm start` on an empty DATA_DIR (nothing to build): the
//                                database copied from the prepared image
// Unless BENCH_OLD=0, the same two as `npm start` ran them before, for comparison:
//   `npm run build -w @edp/web && npm run build -w @edp/server && node …/index.js`, with the
// web app built into a temporary folder (so that this checkout's build stays current). With
// BENCH_BEFORE=<git revision> the server is that revision's (built in the temporary folder);
// without, this server made to take the old way: on a fresh DATA_DIR no prepared image (initdb
// and every migration; a stray file in DATA_DIR/pglite refuses the image), on a second start
// every file of the database synced at open (the mark of a clean close removed first), but
// with issue 21's other start-up savings (so a little faster than before).
// Then the server alone (`node packages/server/dist/index.js`), new and old way, to show where
// the time goes. Each fresh start gets a DATA_DIR of its own, the second starts share one, all
// under a temporary folder removed at the end; the server listens on BENCH_PORT (18310).
// Run: node bench/start.mjs (needs `npm ci`; it brings the build up to date first).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './lib/measure.mjs';

const root = path.resolve(import.meta.dirname, '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const withOld = process.env.BENCH_OLD !== '0';
const port = Number(process.env.BENCH_PORT ?? 18310);
const TARGET_MS = 5_000;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-bench-start-'));
const server = path.join(root, 'packages/server/dist/index.js');
let running;

const cleanUp = () => {
  if (running) killGroup(running, 'SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

try {
  await main();
} finally {
  cleanUp();
}

async function main() {
  // What the rounds measure is a start with nothing to build.
  execFileSync(process.execPath, ['scripts/build.mjs', '--changed'], {
    cwd: root,
    stdio: 'inherit',
  });
  const oldWeb = path.join(scratch, 'old-web');
  const webBuild = `npm run build -w @edp/web -- --outDir ${oldWeb} --emptyOutDir`;
  const before = process.env.BENCH_BEFORE ? checkOut(process.env.BENCH_BEFORE) : undefined;
  const oldServer = before ? path.join(before, 'packages/server/dist/index.js') : server;
  const oldStart = before
    ? `${webBuild} && (cd ${before}/packages/server && npm run build) && node ${oldServer}`
    : `${webBuild} && npm run build -w @edp/server && node ${server}`;
  const oldEnv = { WEB_DIST: oldWeb };
  const webDist = { WEB_DIST: path.join(root, 'packages/web/dist') };
  const kinds = [
    { label: 'npm start, second start, nothing changed', command: 'npm start', target: true },
    {
      label: 'npm start, fresh DATA_DIR, nothing to build',
      command: 'npm start',
      fresh: true,
      target: true,
    },
    {
      label: 'before: npm start, second start (web, server rebuilt)',
      command: oldStart,
      old: true,
      env: oldEnv,
    },
    {
      label: 'before: npm start, fresh DATA_DIR (rebuilt, initdb)',
      command: oldStart,
      old: true,
      fresh: true,
      env: oldEnv,
    },
    { label: 'server alone, second start', command: `node ${server}` },
    {
      label: 'server alone, fresh DATA_DIR (prepared image)',
      command: `node ${server}`,
      fresh: true,
    },
    {
      label: 'before: server alone, second start',
      command: `node ${oldServer}`,
      old: true,
      env: webDist,
    },
    {
      label: 'before: server alone, fresh DATA_DIR (initdb)',
      command: `node ${oldServer}`,
      old: true,
      fresh: true,
      env: webDist,
    },
  ].filter((k) => withOld || !k.old);
  for (const k of kinds) Object.assign(k, { times: [], cpu: [] });
  if (before) console.log(`before: the server of ${process.env.BENCH_BEFORE}, built in ${before}`);

  // The databases the second starts open, new way and old way; a first start makes each.
  const kept = newDataDir('kept');
  await start(`node ${server}`, kept, 'image');
  const keptOld = newDataDir('kept-old');
  if (withOld) await start(`node ${oldServer}`, keptOld, before ? undefined : 'image', webDist);

  // Kinds take turns, so that the machine's noise falls on all alike.
  for (let r = 0; r < rounds; r++) {
    for (const k of kinds) {
      const dataDir = k.fresh ? newDataDir('fresh') : k.old ? keptOld : kept;
      if (k.old && k.fresh && !before) {
        // A stray file refuses the prepared image: initdb and every migration, as before.
        fs.mkdirSync(path.join(dataDir, 'pglite'));
        fs.writeFileSync(path.join(dataDir, 'pglite/stray'), 'refuses the prepared image\n');
      }
      // Without the mark of a clean close, the open syncs every file again, as before.
      if (k.old && !k.fresh) fs.rmSync(path.join(dataDir, 'pglite.synced'), { force: true });
      const origin =
        k.old && before ? undefined : k.fresh ? (k.old ? 'initdb' : 'image') : 'existing';
      const result = await start(k.command, dataDir, origin, k.env);
      if (k.command === 'npm start' && !/build: current/.test(result.output))
        throw new Error(`npm start built something:\n${result.output.slice(0, 4000)}`);
      k.times.push(result.ms);
      k.cpu.push(result.cpuMs);
      if (k.fresh) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  console.log(
    'start bench: medians of %d starts, from the command to the first answer of GET /api/health',
    rounds,
  );
  console.log('  (PGlite, PGLITE_FSYNC=on; wall time, and the CPU time the start used until then)');
  const s1 = (ms) => (ms / 1000).toFixed(1);
  for (const { label, target, times, cpu } of kinds) {
    const m = median(times);
    const verdict = target ? `  target ≤ 5 s: ${m <= TARGET_MS ? 'met' : 'NOT MET'}` : '';
    console.log(
      `  ${label.padEnd(56)} ${s1(m).padStart(5)} s  CPU ${s1(median(cpu)).padStart(5)} s  (${times.map(s1).join(', ')})${verdict}`,
    );
  }
  console.log(
    `  (load average at the end: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
  );
}

/**
 * The server of git revision `rev`, with the shared code it bundles, built in the scratch
 * folder beside links to this checkout's node_modules (the old server's figures, BENCH_BEFORE).
 */
function checkOut(rev) {
  const dir = path.join(scratch, 'before');
  fs.mkdirSync(dir);
  const files = ['packages/server', 'packages/shared', 'tsconfig.base.json'];
  const tar = execFileSync('git', ['archive', rev, ...files], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const own = path.join(root, 'packages/server/node_modules');
  if (fs.existsSync(own)) fs.symlinkSync(own, path.join(dir, 'packages/server/node_modules'));
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(dir, 'packages/server') });
  return dir;
}

function newDataDir(name) {
  return fs.mkdtempSync(path.join(scratch, `${name}-`));
}

/**
 * Runs `command` (sh -c) in a process group of its own with DATA_DIR `dataDir`, waits for its first
 * successful GET /api/health, then stops the whole group (SIGTERM, as Ctrl-C would: the server
 * closes its database cleanly) and waits until none of it is left. Checks that the database
 * came from `origin` (the start-up log's database line).
 */
async function start(command, dataDir, origin, env = {}) {
  const t0 = performance.now();
  const child = spawn('sh', ['-c', command], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${command} exited before answering:\n${output.slice(-4000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 600_000) throw new Error(`${command}: no answer in 10 min`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - t0;
  const cpuMs = groupCpuMs(child.pid);
  killGroup(child, 'SIGTERM');
  for (let waited = 0; groupAlive(child); waited += 50) {
    if (waited > 30_000) killGroup(child, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  running = undefined;
  const line = output.split('\n').find((l) => l.includes('"msg":"database: '));
  const seen = line && JSON.parse(line).origin;
  if (origin && seen !== origin)
    throw new Error(`expected a database from ${origin}, the log says ${seen}:\n${output}`);
  return { ms, cpuMs, output };
}

/**
 * CPU time (user and system) the process group has used so far: its live processes' own and
 * that of the children they have reaped (/proc/<pid>/stat: utime, stime, cutime, cstime, in
 * clock ticks of 10 ms). Unlike the wall time, it hardly depends on what else the machine runs.
 */
function groupCpuMs(pgid) {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  }
  return ticks * 10;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // gone already
  }
}

function groupAlive(child) {
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}
