// Issue 23 storms on one node, from cold (a fresh database; PostgreSQL unless BENCH_DB=pglite):
// - enrolment: STORM_ENGINES simulated engines (100,000) enrol as fast as a rollout lets them
//   (64 at once), then check in every 30 s;
// - restart: the node is killed (SIGKILL) and a fresh one started on the same data; every engine
//   comes back on its own (its check-ins fail meanwhile, and it tries again).
// For each, the check-ins of each 30 s window from the storm on: how many answered, p99 latency,
// errors (budget: all online within one interval, p99 < 1 s in the first and < 100 ms from the
// second on), as the simulator measures them and as the server's own histogram does (the
// simulator's figure includes the time a check-in waits in its own loop when the two share this
// machine's two cores). The engines hold no push stream here: 100,000 would take this process's file
// limit (20,000); bench/commands.mjs measures the streams.
// Run: node --import tsx bench/storms.mjs (needs `npm ci`).
import { startFleet } from './lib/fleet.mjs';
import { fleetSimulator, stopOnCrash } from './lib/fleet-simulator.mjs';
import { metricsToken, serverLatency } from './lib/server-latency.mjs';

const count = Number(process.env.STORM_ENGINES ?? 100_000);
const windowsAfter = Number(process.env.STORM_WINDOWS ?? 4);
const database = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'pg';
const port = 18340;
const INTERVAL_S = 30;

const token = metricsToken();
const server = serverLatency(token, '/api/agent/checkin');
const env = { METRICS_TOKEN: token };
let fleet = await startFleet({ port, seed: 0, database, env });
let sim;
stopOnCrash(() => ({ fleet, sim }));

/** Each report window's figures, tagged with the storm it followed. */
const windows = [];
let phase = 'enrolment';
let enrolledAt;
const started = performance.now();
sim = fleetSimulator(fleet, {
  count,
  interval: INTERVAL_S,
  push: false,
  seed: `bench-storm-${count}`,
  reportSeconds: INTERVAL_S,
  onReport: (r) => {
    // A report comes reportSeconds into the check-ins, which begin once every engine enrolled.
    enrolledAt ??= (performance.now() - started) / 1000 - r.elapsedSeconds;
    const at = { phase, ...r.window };
    windows.push(at);
    // The server's figure of the same 30 s (read as the window closes; a dead node has none).
    server
      .window(fleet)
      .then((s) => (at.server = s))
      .catch(() => undefined);
    if (process.env.BENCH_VERBOSE)
      console.error(new Date().toISOString(), phase, JSON.stringify(r.window.latencyMs));
  },
});
const running = sim.run();
const windowsOf = (p) => windows.filter((w) => w.phase === p);
const waitWindows = async (p, n) => {
  while (windowsOf(p).length < n) await new Promise((r) => setTimeout(r, 1_000));
};

await waitWindows('enrolment', windowsAfter);
phase = 'restart';
await fleet.kill();
const killedAt = performance.now();
fleet = await startFleet({ port, seed: 0, database, env, again: fleet.reuse });
server.reset();
const downSeconds = (performance.now() - killedAt) / 1000;
// The window under way when the node died is the restart's first: it holds the failures.
await waitWindows('restart', windowsAfter + 1);
sim.stop();
const summary = await running;
await fleet.stop();

const verdict = (w, i) => {
  const budget = i === 0 ? 1_000 : 100;
  return w.latencyMs.p99 < budget ? `OK (< ${budget} ms)` : `OVER (budget ${budget} ms)`;
};
const show = (p, label) => {
  console.log(`  ${label}`);
  for (const [i, w] of windowsOf(p).entries()) {
    const errors = Object.entries(w.errors)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    const s = w.server;
    const own = s
      ? `; the server's own: ${s.over100ms.toLocaleString('en')} of ${s.served.toLocaleString('en')} over 100 ms, p99 ≤ ${s.p99AtMostMs} ms`
      : '';
    console.log(
      `    window ${i + 1} (30 s): ${w.ok.toLocaleString('en')} of ${w.sent.toLocaleString('en')} answered, p50 ${w.latencyMs.p50} ms, p99 ${w.latencyMs.p99} ms ${verdict(w, i)}${errors ? `; errors: ${errors}` : ''}${own}`,
    );
  }
};
console.log(
  `Storms (${database}; ${count.toLocaleString('en')} engines at a ${INTERVAL_S} s interval, simulator on the same machine, no push streams)`,
);
console.log(
  `  enrolled ${summary.enrolled.toLocaleString('en')} in ${enrolledAt?.toFixed(0)} s (enrolment p50 ${summary.enrolLatencyMs.p50} ms, p99 ${summary.enrolLatencyMs.p99} ms)`,
);
show('enrolment', 'after the enrolment storm, from the first check-ins:');
show(
  'restart',
  `after a kill -9 and a fresh node on the same data (down ${downSeconds.toFixed(1)} s), from the window it died in:`,
);
