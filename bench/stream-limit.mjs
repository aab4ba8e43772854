// Issue 38 point 3: a node under a low limit of open files (FLEET_NOFILE, default 1,024; the
// server reads it at start) with more engines than its streams may hold (STREAM_ENGINES, 1,200,
// the simulator beside it, 30 s interval). Prints the streams held and refused (503 with
// Retry-After, by the simulator and on the server's /metrics), the files open against the
// limit, then a task over every engine: those holding a stream get it at once, the others at
// their next check-in; each device once, all finished, and the server still up.
// Run: node --import tsx bench/stream-limit.mjs (BENCH_DB=pg for PostgreSQL; needs `npm ci`).
import { randomBytes } from 'node:crypto';
import { startFleet } from './lib/fleet.mjs';
import { fleetSimulator, stopOnCrash } from './lib/fleet-simulator.mjs';

process.env.FLEET_NOFILE ??= '1024';
const count = Number(process.env.STREAM_ENGINES ?? 1_200);
const settleS = Number(process.env.STREAM_SETTLE_S ?? 45);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
const metricsToken = randomBytes(16).toString('hex');

const fleet = await startFleet({
  port: 18330,
  seed: 0,
  database,
  env: { METRICS_TOKEN: metricsToken },
});
let sim;
stopOnCrash(() => ({ fleet, sim }));

const headers = {
  'content-type': 'application/json',
  'x-token': fleet.adminToken,
  host: fleet.host,
};
const post = async (url, body) =>
  (
    await fetch(`${fleet.base}/api${url}`, { method: 'POST', headers, body: JSON.stringify(body) })
  ).json();
const metrics = async () => {
  const text = await (
    await fetch(`${fleet.base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const read = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  return {
    streams: read('edp_push_streams'),
    streamsMax: read('edp_push_streams_max'),
    refused: read('edp_push_streams_refused_total'),
    openFiles: read('edp_process_open_fds'),
    fileLimit: read('edp_process_max_fds'),
  };
};

let last;
const started = performance.now();
sim = fleetSimulator(fleet, {
  count,
  interval: 30,
  connections: Number(process.env.SIM_CONNECTIONS ?? 64),
  seed: `bench-stream-limit-${count}`,
  reportSeconds: 5,
  onReport: (r) => (last = r),
});
const running = sim.run();
// Every engine enrolled and checked in, then a while for the streams to settle.
for (;;) {
  await new Promise((r) => setTimeout(r, 1_000));
  if (last && last.total.ok >= count) break;
  if (performance.now() - started > 10 * 60_000) throw new Error('engines not ready');
}
await new Promise((r) => setTimeout(r, settleS * 1_000));
const held = await metrics();
console.log(
  `server limit ${held.fileLimit} files: ${held.openFiles} open, ${held.streams} streams held of ` +
    `${held.streamsMax} at most, ${held.refused} refused so far; the simulator holds ${last.streams} ` +
    `of ${count} engines' streams`,
);

const made = await post('/async/m/dpi/folder/add', {
  target: { every: true },
  path: '/srv/bench-stream-limit',
});
if (!made.success) throw new Error(`task: ${JSON.stringify(made)}`);
const taskStarted = performance.now();
const marks = {};
let task;
for (;;) {
  task = (await post('/dv/m/task/info', { id: made.data.taskId })).data;
  const { waiting, processing } = task.counts;
  const ended = task.total - waiting - processing;
  const at = (performance.now() - taskStarted) / 1000;
  for (const share of [0.5, held.streams / count, 0.99, 1])
    if (ended >= share * task.total) marks[share] ??= at;
  if (ended === task.total || at > 90) break;
  await new Promise((r) => setTimeout(r, 100));
}
const after = await metrics();
sim.stop();
const summary = await running;
const usage = await fleet.stop();
const fmt = (s) => (s === undefined ? 'never' : `${s.toFixed(2)} s`);
console.log(
  `task over ${task.total} devices: 50 % ended in ${fmt(marks[0.5])}, the share holding streams ` +
    `(${((held.streams / count) * 100).toFixed(0)} %) in ${fmt(marks[held.streams / count])}, ` +
    `99 % in ${fmt(marks[0.99])}, 100 % in ${fmt(marks[1])}; counts ${JSON.stringify(task.counts)}`,
);
console.log(
  `streams refused: ${after.refused} by the server, by key at the simulator ` +
    `${JSON.stringify(summary.push.refused)}; at most ${summary.push.maxHeld} held at once; ` +
    `check-in errors ${JSON.stringify(summary.checkIns.errors)}`,
);
console.log(
  `the server stayed up to the end: ${Number.isFinite(after.streams) ? 'yes' : 'NO'}; CPU ` +
    `${usage.cpuUserS.toFixed(1)} + ${usage.cpuSystemS.toFixed(1)} s, peak RSS ${usage.peakRssMb.toFixed(0)} MB`,
);
