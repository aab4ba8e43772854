// Issue 23 figures for commands, on one server with COMMAND_ENGINES simulated engines (20,000)
// enrolled and holding push streams (the simulator, packages/agent, on the same machine):
// - a synchronous command's round trip (/sync/m/version to an online engine), p50 and p95 of
//   SYNC_CALLS calls, in each of BENCH_ROUNDS rounds (budget p95 < 250 ms), and the streams the
//   server held;
// - issue 38: /sync/m/view/folder to one engine, spaced (SYNC_SPACED calls 1.5 s apart) and
//   back to back (SYNC_BURSTS engines, five calls in a row each: an operator clicking down a
//   folder tree), side by side in each round (budget p95 < 250 ms for both);
//   STREAM_COMMANDS=0 plays engines from before the commands on the stream (only nudged to
//   check in, so a command right after another waits out the second between check-ins);
// - a task over every engine (/async/m/dpi/folder/add): the time from its creation to 50 %,
//   99 % and 100 % of the devices ended (budget 99 % within 5 s, 100 % within one interval, 30 s),
//   and its counts: each device once, all finished; BENCH_ROUNDS tasks, one after the other;
//   and the slowest answer of the task's page, polled meanwhile (a console user's call).
// SIM_CONNECTIONS (256): the simulator's check-in connections. A process here may open 20,000
// files, the node keeps a tenth for everything but streams, and the simulator holds a socket per
// stream in this process: COMMAND_ENGINES=17500 SIM_CONNECTIONS=128 is about the most both reach.
// A task's results come back at the pace of these connections (each waits for its result
// batch's statement; real engines each have their own): the 10,000-engine task of issue 38
// point 1 is measured with COMMAND_ENGINES=10000 SIM_CONNECTIONS=1024 (docs/decisions.md).
// Run: node --import tsx bench/commands.mjs (BENCH_DB=pg for PostgreSQL; needs `npm ci`).
import { startFleet } from './lib/fleet.mjs';
import { fleetSimulator, stopOnCrash } from './lib/fleet-simulator.mjs';
import { median } from './lib/measure.mjs';
import { usageOf } from './lib/usage.mjs';

const count = Number(process.env.COMMAND_ENGINES ?? 20_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const syncCalls = Number(process.env.SYNC_CALLS ?? 50);
const spacedCalls = Number(process.env.SYNC_SPACED ?? 20);
const bursts = Number(process.env.SYNC_BURSTS ?? 4);
const BURST = 5;
const SPACED_MS = 1_500;
const streamCommands = process.env.STREAM_COMMANDS !== '0';
// How long enrolling the fleet and opening its streams may take (a busy shared machine: more).
const readyMinutes = Number(process.env.BENCH_READY_MINUTES ?? 20);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
const INTERVAL_S = 30;
const SYNC_P95_BUDGET_MS = 250;

const fleet = await startFleet({ port: 18320, seed: 0, database });
let sim;
stopOnCrash(() => ({ fleet, sim }));

const headers = {
  'content-type': 'application/json',
  'x-token': fleet.adminToken,
  host: fleet.host,
};
const post = async (url, body) => {
  const res = await fetch(`${fleet.base}/api${url}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return res.json();
};
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

// Enrol them all and wait until each holds its stream and has checked in.
let last;
const enrolStarted = performance.now();
sim = fleetSimulator(fleet, {
  count,
  interval: INTERVAL_S,
  // Engines each have their own connection; the simulator's pool stands for them, and a pool
  // sized for the check-in rate alone would queue a task's burst behind a few sockets.
  connections: Number(process.env.SIM_CONNECTIONS ?? 256),
  seed: `bench-commands-${count}`,
  streamCommands,
  reportSeconds: 5,
  onReport: (r) => (last = r),
});
const running = sim.run();
for (;;) {
  await new Promise((r) => setTimeout(r, 1_000));
  if (last && last.streams >= count && last.total.ok >= count) break;
  if (performance.now() - enrolStarted > readyMinutes * 60_000)
    throw new Error('engines not ready');
}
const readyS = (performance.now() - enrolStarted) / 1000;

// Synchronous commands to the first devices of the list, one at a time.
const devices = [];
for (let page = 1; devices.length < Math.max(syncCalls, bursts + 1); page++) {
  const answer = await post('/dv/m/list', { page, pageSize: 50 });
  devices.push(...answer.data.list.map((d) => d.id));
}
/** One synchronous call, timed (ms). */
const timedSync = async (url, body) => {
  const started = performance.now();
  const answer = await post(url, body);
  if (!answer.success) throw new Error(`sync ${url}: ${JSON.stringify(answer)}`);
  return performance.now() - started;
};
const figures = (times) => ({ p50: quantile(times, 0.5), p95: quantile(times, 0.95) });
const syncRounds = [];
const spacedRounds = [];
const burstRounds = [];
for (let round = 0; round < rounds; round++) {
  const times = [];
  for (const deviceId of devices.slice(0, syncCalls)) {
    times.push(await timedSync('/sync/m/version', { deviceId }));
  }
  syncRounds.push(figures(times));
  // Spaced: one engine, a folder browsed every 1.5 s.
  const spaced = [];
  for (let i = 0; i < spacedCalls; i++) {
    const started = performance.now();
    spaced.push(await timedSync('/sync/m/view/folder', { deviceId: devices[0], path: '/data' }));
    await new Promise((r) => setTimeout(r, Math.max(0, SPACED_MS - (performance.now() - started))));
  }
  spacedRounds.push(figures(spaced));
  // Back to back: five in a row to each of `bursts` other engines.
  const burst = [];
  for (const deviceId of devices.slice(1, 1 + bursts)) {
    for (let i = 0; i < BURST; i++) {
      burst.push(await timedSync('/sync/m/view/folder', { deviceId, path: `/data/${i}` }));
    }
  }
  burstRounds.push(figures(burst));
}
const streamsHeld = last.streams;

/** A task over every engine, watched until each device has ended: its marks and counts. */
async function taskRound(round) {
  const made = await post('/async/m/dpi/folder/add', {
    target: { every: true },
    path: `/srv/bench-${round}`,
  });
  if (!made.success) throw new Error(`task: ${JSON.stringify(made)}`);
  const started = performance.now();
  const cpuAtStart = { server: usageOf(fleet.pid).cpu, bench: process.cpuUsage() };
  const marks = {};
  let task;
  // The task's page as a console user polls it: its slowest answer while the task went out.
  let slowestInfoMs = 0;
  for (;;) {
    const asked = performance.now();
    task = (await post('/dv/m/task/info', { id: made.data.taskId })).data;
    slowestInfoMs = Math.max(slowestInfoMs, performance.now() - asked);
    const { waiting, processing } = task.counts;
    const ended = task.total - waiting - processing;
    const at = (performance.now() - started) / 1000;
    for (const share of [0.5, 0.99, 1]) if (ended >= share * task.total) marks[share] ??= at;
    if (process.env.BENCH_VERBOSE) console.error(at.toFixed(2), JSON.stringify(task.counts));
    if (ended === task.total || at > 3 * INTERVAL_S) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpuAtStart.bench);
  const cpuShare = {
    server: (usageOf(fleet.pid).cpu - cpuAtStart.server) / seconds,
    simulator: (used.user + used.system) / 1e6 / seconds,
  };
  const recounted = (await post('/dv/m/task/refresh', { id: made.data.taskId })).data;
  const counted = Object.values(task.counts).reduce((a, b) => a + b, 0);
  const once =
    JSON.stringify(recounted.counts) === JSON.stringify(task.counts) &&
    counted === task.total &&
    task.counts.finished === task.total;
  // Each engine's next check-in is due at its interval again: let the fleet settle between rounds.
  await new Promise((r) => setTimeout(r, 5_000));
  return { marks, cpuShare, counts: task.counts, total: task.total, once, slowestInfoMs };
}
const taskRounds = [];
for (let round = 0; round < rounds; round++) taskRounds.push(await taskRound(round));
sim.stop();
const summary = await running;
await fleet.stop();

const medianOf = (rs) => ({ p50: median(rs.map((r) => r.p50)), p95: median(rs.map((r) => r.p95)) });
const sync = medianOf(syncRounds);
const spaced = medianOf(spacedRounds);
const burst = medianOf(burstRounds);
const budget = (p95) => (p95 < SYNC_P95_BUDGET_MS ? 'OK' : 'OVER');
const fmt = (s) => (s === undefined ? 'not reached' : `${s.toFixed(2)} s`);
console.log(
  `Commands (${database}; ${count.toLocaleString('en')} engines with push streams, ${streamCommands ? 'commands on the stream' : 'engines from before: nudged to check in'}, simulator on the same machine; ready in ${readyS.toFixed(0)} s)`,
);
console.log(
  `  synchronous round trip (/sync/m/version, ${syncCalls} calls × ${rounds} rounds): p50 ${sync.p50.toFixed(1)} ms, p95 ${sync.p95.toFixed(1)} ms (rounds ${syncRounds.map((r) => r.p95.toFixed(0)).join(' / ')} ms)  budget p95 < ${SYNC_P95_BUDGET_MS} ms ${sync.p95 < SYNC_P95_BUDGET_MS ? 'OK' : 'OVER'}`,
);
console.log(
  `  /sync/m/view/folder to one engine, medians of ${rounds} rounds: spaced 1.5 s apart (${spacedCalls} calls) p50 ${spaced.p50.toFixed(1)} ms, p95 ${spaced.p95.toFixed(1)} ms ${budget(spaced.p95)} | back to back (${bursts} engines × ${BURST} in a row) p50 ${burst.p50.toFixed(1)} ms, p95 ${burst.p95.toFixed(1)} ms ${budget(burst.p95)}  budget p95 < ${SYNC_P95_BUDGET_MS} ms (p95 by round: spaced ${spacedRounds.map((r) => r.p95.toFixed(0)).join(' / ')}, back to back ${burstRounds.map((r) => r.p95.toFixed(0)).join(' / ')} ms)`,
);
console.log(
  `  push streams held by the server: ${streamsHeld.toLocaleString('en')} (most at once in the simulator: ${summary.push.maxHeld.toLocaleString('en')})`,
);
const mark = (share) => {
  const all = taskRounds.map((r) => r.marks[share]);
  return all.includes(undefined) ? undefined : median(all);
};
const [m50, m99, m100] = [mark(0.5), mark(0.99), mark(1)];
const total = taskRounds[0].total;
console.log(
  `  task over ${total.toLocaleString('en')} devices, median of ${rounds}: 50 % ended in ${fmt(m50)}, 99 % in ${fmt(m99)} (budget 5 s ${m99 !== undefined && m99 <= 5 ? 'OK' : 'OVER'}), 100 % in ${fmt(m100)} (budget ${INTERVAL_S} s ${m100 !== undefined && m100 <= INTERVAL_S ? 'OK' : 'OVER'}); 99 % by round ${taskRounds.map((r) => fmt(r.marks[0.99])).join(' / ')}`,
);
console.log(
  `  the task's page (/dv/m/task/info, polled every 50 ms) answered in at most ${taskRounds.map((r) => r.slowestInfoMs.toFixed(0)).join(' / ')} ms while its task went out`,
);
console.log(
  `  CPU during the tasks, share of one core: server ${taskRounds.map((r) => (r.cpuShare.server * 100).toFixed(0)).join(' / ')} %, simulator and bench ${taskRounds.map((r) => (r.cpuShare.simulator * 100).toFixed(0)).join(' / ')} %`,
);
console.log(
  `  counts: ${taskRounds.map((r) => JSON.stringify(r.counts)).join(' ')}; recounted from the results: ${taskRounds.every((r) => r.once) ? 'OK (each device once, all finished)' : 'MISMATCH'}`,
);
console.log(
  `  simulator: ${summary.commands.received} commands received (${summary.push.commandEvents} stream events with commands, ${summary.push.nudges} nudges), ${summary.commands.resultsSent} results sent, nudge or stream event to result p50 ${summary.nudgeToResultMs.p50.toFixed(1)} ms, p99 ${summary.nudgeToResultMs.p99.toFixed(1)} ms`,
);
