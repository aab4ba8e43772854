// Issue 25 figures for log ingestion: simulated engines (packages/agent, sim-logs.ts) beside one
// server on this machine send their events with POST /api/agent/logs.
// 1. PostgreSQL: LOGS_RATE events/s (10,000) across LOGS_ENGINES engines (500) for LOGS_SECONDS
//    (300): events/s achieved, p50/p95/p99 of the logs call, and lost = what the engines were
//    told was stored (acked) minus the rows in access_logs + monitor_logs (read by the server
//    itself at the end, FLEET_COUNT_LOGS), with duplicates (rows − distinct (device, seq)).
// 2. PGlite: LOGS_PGLITE_RATES (2,000, 4,000 …) for LOGS_PGLITE_SECONDS (60) each, until p99
//    passes 200 ms or the engines fall behind (more than 2 s of events unacked when the step
//    ends); the last rate under both is PGlite's maximum.
// LOGS_DB=pg or pglite runs one part only. Each step ends with up to LOGS_DRAIN_SECONDS (30) of
// sending what the engines still hold, so nothing is left unsent when the rows are counted.
// Run: node --import tsx bench/logs-ingest.mjs (PostgreSQL at PG_ADMIN_URL or 127.0.0.1:5432).
import fs from 'node:fs';
import os from 'node:os';
import { createSimulator } from '../packages/agent/src/index.ts';
import { startFleet } from './lib/fleet.mjs';
import { usageOf } from './lib/usage.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const rate = env('LOGS_RATE', 10_000);
const seconds = env('LOGS_SECONDS', 300);
const engines = env('LOGS_ENGINES', 500);
const flushMs = env('LOGS_FLUSH_MS', 1_000);
const drainSeconds = env('LOGS_DRAIN_SECONDS', 30);
const pgliteRates = (process.env.LOGS_PGLITE_RATES ?? '2000,4000,6000,8000,10000,12000')
  .split(',')
  .map(Number);
const pgliteSeconds = env('LOGS_PGLITE_SECONDS', 60);
const parts = process.env.LOGS_DB ? [process.env.LOGS_DB] : ['pg', 'pglite'];
const P99_BUDGET_MS = 200;
const port = env('BENCH_PORT', 18400);

const ms = (x) => `${x.toFixed(1)} ms`;
const n = (x) => Math.round(x).toLocaleString('en-US');

/** One run of the simulator against `fleet`; answers its summary and the server's CPU share. */
async function drive(fleet, { perSecond, duration, seed }) {
  const before = { at: performance.now(), ...usageOf(fleet.pid) };
  let peakRss = 0;
  // The machine is shared: the load average beside the figures says what else ran.
  const loads = [];
  const sampler = setInterval(() => {
    loads.push(Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
    try {
      peakRss = Math.max(peakRss, usageOf(fleet.pid).rssMb);
    } catch {
      // the server is gone: the run's errors will say so
    }
  }, 1_000);
  const sim = createSimulator({
    url: fleet.base,
    secret: fleet.secret,
    count: engines,
    interval: 30,
    durationSeconds: duration,
    enrolConcurrency: 32,
    offlineShare: 0,
    push: false,
    seed,
    logsPerSecond: perSecond,
    logFlushMs: flushMs,
    logDrainSeconds: drainSeconds,
    log: () => {},
    reportSeconds: 10,
    onReport: (r) => {
      if (process.env.LOGS_VERBOSE) {
        const l = r.logs;
        console.error(
          `  t=${r.elapsedSeconds}s made=${l.made} acked=${l.acked} behind=${l.behind} p50=${l.latencyMs.p50} p99=${l.latencyMs.p99} max=${l.latencyMs.max}`,
        );
      }
    },
  });
  const summary = await sim.run();
  clearInterval(sampler);
  const after = usageOf(fleet.pid);
  const cpuShare = (after.cpu - before.cpu) / ((performance.now() - before.at) / 1000);
  const load = loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length);
  return { summary, cpuShare, peakRss, duration, load };
}

/** Events the console took while they were made, a second: made less what it had not acked. */
const ingested = ({ summary }) =>
  (summary.logs.made - summary.logs.behindAtStop) / summary.logs.madeSeconds;

function line(label, run) {
  const { summary, cpuShare, peakRss, load } = run;
  const l = summary.logs;
  const lat = l.latencyMs;
  return (
    `  ${label}: made ${n(l.made)} (${n(l.perSecond)}/s), ingested ${n(ingested(run))}/s, acked ${n(l.acked)}, behind at stop ${n(l.behindAtStop)}, ` +
    `after drain ${n(l.behind)}; logs call p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}, p99 ${ms(lat.p99)}, max ${ms(lat.max)} ` +
    `(${n(l.calls)} calls, ${l.failed} failed ${JSON.stringify(l.errors)}, ${n(l.resent)} resent); ` +
    `server ${(cpuShare * 100).toFixed(0)} % of a core, peak RSS ${n(peakRss)} MB; ` +
    `machine load average ${load.toFixed(1)} on ${os.cpus().length} cores`
  );
}

const report = [];

if (parts.includes('pg')) {
  const fleet = await startFleet({
    port,
    seed: 0,
    database: 'pg',
    env: { FLEET_COUNT_LOGS: '1' },
  });
  const run = await drive(fleet, { perSecond: rate, duration: seconds, seed: 'bench-logs-pg' });
  const { logs } = await fleet.stop();
  const l = run.summary.logs;
  const rows = logs.access + logs.monitor;
  const lost = l.acked - rows;
  const ok = ingested(run) >= rate * 0.99 && lost === 0 && l.latencyMs.p99 < P99_BUDGET_MS;
  report.push(
    `Logs ingest on PostgreSQL: ${engines} engines, ${n(rate)} events/s asked for ${seconds} s, batches every ${flushMs} ms`,
  );
  report.push(line('PostgreSQL', run));
  report.push(
    `  rows ${n(rows)} (access ${n(logs.access)}, monitor ${n(logs.monitor)}), distinct (device, seq) ${n(logs.distinct)}, ` +
      `cursors ${n(logs.cursorAcked)}; lost ${n(lost)}, duplicates ${n(rows - logs.distinct)}, never acked ${n(l.behind)}`,
  );
  report.push(
    `  budget ≥ ${n(rate)} events/s, 0 lost, p99 < ${P99_BUDGET_MS} ms: ${ok ? 'OK' : 'OVER'}`,
  );
  console.log(report.slice(-4).join('\n'));
}

if (parts.includes('pglite')) {
  const fleet = await startFleet({
    port: port + 1,
    seed: 0,
    database: 'pglite',
    env: { FLEET_COUNT_LOGS: '1' },
  });
  let best;
  let acked = 0;
  const steps = [];
  for (const step of pgliteRates) {
    // Engines of their own each step (another seed): their numbers start at 1 on new devices.
    const run = await drive(fleet, {
      perSecond: step,
      duration: pgliteSeconds,
      seed: `bench-logs-pglite-${step}`,
    });
    const l = run.summary.logs;
    acked += l.acked;
    const behind = l.behindAtStop > step * 2;
    const held = l.latencyMs.p99 < P99_BUDGET_MS && !behind && ingested(run) >= step * 0.98;
    steps.push(line(`PGlite ${n(step)}/s`, run) + (held ? '' : ' ← over'));
    console.log(steps.at(-1));
    if (!held) break;
    best = step;
  }
  const { logs } = await fleet.stop();
  const rows = logs.access + logs.monitor;
  report.push(`Logs ingest on PGlite: ${engines} engines, ${pgliteSeconds} s a step`);
  report.push(...steps);
  report.push(
    `  rows ${n(rows)}, acked over all steps ${n(acked)}: lost ${n(acked - rows)}, duplicates ${n(rows - logs.distinct)}`,
  );
  report.push(
    `  PGlite's maximum (p99 < ${P99_BUDGET_MS} ms, not falling behind): ${best ? `${n(best)} events/s` : `under ${n(pgliteRates[0])} events/s`}` +
      (best === pgliteRates.at(-1) ? ' (the highest rate tried)' : ''),
  );
}

console.log('\n' + report.join('\n'));
