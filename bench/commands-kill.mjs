// Issue 23: kill -9 of the server in the middle of a task over KILL_ENGINES simulated engines
// (10,000), then a server started again on the same data: every device still reaches one
// terminal state, each counted once (the task's counters equal a count of its results, and
// their sum is the task's total). The simulator (packages/agent) runs on, outside the server:
// its engines reconnect, are given again what was delivered and not answered, and send again
// the results the dead server had not acknowledged.
// Run: node --import tsx bench/commands-kill.mjs (BENCH_DB=pg for PostgreSQL; needs `npm ci`).
import { startFleet } from './lib/fleet.mjs';
import { fleetSimulator, stopOnCrash } from './lib/fleet-simulator.mjs';

const count = Number(process.env.KILL_ENGINES ?? 10_000);
const killAt = Number(process.env.KILL_AT ?? 0.3);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
const port = 18330;
const INTERVAL_S = 30;

let fleet = await startFleet({ port, seed: 0, database });
let sim;
stopOnCrash(() => ({ fleet, sim }));
const post = async (url, body) => {
  const res = await fetch(`${fleet.base}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': fleet.adminToken, host: fleet.host },
    body: JSON.stringify(body),
  });
  return res.json();
};

let last;
sim = fleetSimulator(fleet, {
  count,
  interval: INTERVAL_S,
  connections: 256,
  seed: `bench-kill-${count}`,
  reportSeconds: 5,
  onReport: (r) => (last = r),
});
const running = sim.run();
while (!(last && last.streams >= count && last.total.ok >= count)) {
  await new Promise((r) => setTimeout(r, 1_000));
}

const made = await post('/async/m/tde/folder/add', { target: { every: true }, path: '/srv/kill' });
if (!made.success) throw new Error(JSON.stringify(made));
const taskId = made.data.taskId;
const started = performance.now();
const progress = async () => {
  const answer = await post('/dv/m/task/info', { id: taskId });
  if (!answer.success) return undefined;
  const t = answer.data;
  return { t, ended: t.total - t.counts.waiting - t.counts.processing };
};
let before;
for (;;) {
  before = await progress();
  if (before && before.ended >= killAt * before.t.total) break;
  await new Promise((r) => setImmediate(r));
}
await fleet.kill();
const killedAt = (performance.now() - started) / 1000;

fleet = await startFleet({ port, seed: 0, database, again: fleet.reuse });
const restartedAt = (performance.now() - started) / 1000;
let after;
for (;;) {
  after = await progress();
  if (after && after.ended === after.t.total) break;
  if ((performance.now() - started) / 1000 > killedAt + 10 * INTERVAL_S) break;
  await new Promise((r) => setTimeout(r, 200));
}
const doneAt = (performance.now() - started) / 1000;
const recounted = (await post('/dv/m/task/refresh', { id: taskId })).data;
sim.stop();
await running;
await fleet.stop();

const sum = Object.values(after.t.counts).reduce((a, b) => a + b, 0);
const same = JSON.stringify(recounted.counts) === JSON.stringify(after.t.counts);
console.log(
  `kill -9 in a task (${database}; ${count.toLocaleString('en')} engines, simulator outside the server)`,
);
console.log(
  `  killed at ${killedAt.toFixed(1)} s with ${before.ended} of ${before.t.total} ended; started again at ${restartedAt.toFixed(1)} s; ${after.ended} of ${after.t.total} ended at ${doneAt.toFixed(1)} s`,
);
console.log(
  `  counts ${JSON.stringify(after.t.counts)}, sum ${sum}; recounted from the results ${JSON.stringify(recounted.counts)}: ${same && sum === after.t.total && after.ended === after.t.total ? 'OK (every device ended, each counted once)' : 'MISMATCH'}`,
);
