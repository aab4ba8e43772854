// Issue 11 figures for check-ins at scale: the simulator (packages/agent) drives one server on
// this machine. First CHECKIN_COUNTS[0] engines (50,000) at a 30 s interval for CHECKIN_SECONDS
// (300): p99 check-in latency must stay under 100 ms with no errors. Then each further count
// (75,000, 100,000 …) for CHECKIN_RAISE_SECONDS (120), until p99 passes 100 ms; the last count
// under it is reported as the maximum. Server CPU (share of one core) and resident memory are
// read from /proc during each window.
// Run: node --import tsx bench/checkin.mjs (BENCH_DB=pg for PostgreSQL; needs `npm ci`).
import { createSimulator } from '../packages/agent/src/index.ts';
import { startFleet } from './lib/fleet.mjs';
import { usageOf } from './lib/usage.mjs';

const counts = (process.env.CHECKIN_COUNTS ?? '50000,75000,100000,125000').split(',').map(Number);
const firstSeconds = Number(process.env.CHECKIN_SECONDS ?? 300);
const raiseSeconds = Number(process.env.CHECKIN_RAISE_SECONDS ?? 120);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
const P99_BUDGET_MS = 100;

const fleet = await startFleet({ port: 18290, seed: 0, database });
process.on('uncaughtException', (err) => {
  console.error(err);
  void fleet.stop().finally(() => process.exit(1));
});

const serverUsage = () => usageOf(fleet.pid);

const results = [];
for (const [i, count] of counts.entries()) {
  const seconds = i === 0 ? firstSeconds : raiseSeconds;
  let started;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, serverUsage().rssMb);
  }, 1_000);
  const sim = createSimulator({
    url: fleet.base,
    secret: fleet.secret,
    count,
    interval: 30,
    durationSeconds: seconds,
    enrolConcurrency: 64,
    // Check-ins alone, as issue 11 measured them: 20,000 streams would also take the file
    // limit of this process (bench/commands.mjs measures the streams).
    push: false,
    seed: 'bench-checkin',
    log: () => {},
    reportSeconds: 30,
    onReport: (report) => {
      started ??= { at: performance.now(), ...serverUsage() };
      if (process.env.CHECKIN_VERBOSE) console.error(JSON.stringify(report));
    },
  });
  const summary = await sim.run();
  clearInterval(sampler);
  const end = serverUsage();
  const from = started ?? end;
  const cpuShare = (end.cpu - from.cpu) / Math.max(1, (performance.now() - from.at) / 1000);
  const errors =
    summary.checkIns.failed + Object.values(summary.enrolErrors).reduce((a, b) => a + b, 0);
  const result = { count, seconds, summary, cpuShare, peakRss, errors };
  results.push(result);
  console.log(
    `  ${String(count).padStart(7)} engines, ${seconds} s: ${summary.checkIns.sent} check-ins (${summary.rate.toFixed(0)}/s), ` +
      `p50 ${summary.latencyMs.p50.toFixed(1)} ms, p99 ${summary.latencyMs.p99.toFixed(1)} ms, max ${summary.latencyMs.max.toFixed(0)} ms, ` +
      `${errors} errors ${JSON.stringify(summary.checkIns.errors)}; server ${(cpuShare * 100).toFixed(0)} % of a core, peak RSS ${peakRss.toFixed(0)} MB; ` +
      `enrolled ${summary.enrolled} (enrolment p99 ${summary.enrolLatencyMs.p99.toFixed(0)} ms)`,
  );
  if (summary.latencyMs.p99 >= P99_BUDGET_MS || errors > 0) break;
}
await fleet.stop();

const [first] = results;
const held = results.filter((r) => r.summary.latencyMs.p99 < P99_BUDGET_MS && r.errors === 0);
console.log(`Check-in bench (${database}, 30 s interval, simulator on the same machine)`);
console.log(
  `  ${first.count} engines for ${first.seconds} s: p99 ${first.summary.latencyMs.p99.toFixed(1)} ms, ${first.errors} errors  budget p99 < ${P99_BUDGET_MS} ms, 0 errors ${first.summary.latencyMs.p99 < P99_BUDGET_MS && first.errors === 0 ? 'OK' : 'OVER'}`,
);
console.log(
  `  most engines held under ${P99_BUDGET_MS} ms p99: ${held.length ? held.at(-1).count : 'none'}${held.length === results.length ? ' (the largest count tried)' : ''}`,
);
