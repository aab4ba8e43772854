// Issue 23 figures for the task screens' pages, on a server seeded with TASK_SEED tasks (1,000)
// of TASK_DEVICES devices each (1,000: 1,000,000 results) over FLEET_SEED devices (100,000):
// - the task list: page 1, a filtered page (status failed, one type), the last page;
// - a task's results: page 1, page 1 of its failures, its last page (of 10 a page);
// - a device's command history: page 1;
// each the median of BENCH_ROUNDS × 10 reads (budget < 50 ms for every one).
// Run: node bench/tasks.mjs (BENCH_DB=pg for PostgreSQL; needs `npm ci`).
import { adminCaller, startFleet } from './lib/fleet.mjs';
import { median } from './lib/measure.mjs';

const tasks = Number(process.env.TASK_SEED ?? 1_000);
const perTask = Number(process.env.TASK_DEVICES ?? 1_000);
const seed = Number(process.env.FLEET_SEED ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
const BUDGET_MS = 50;

const t0 = performance.now();
const fleet = await startFleet({
  port: 18310,
  seed,
  database,
  env: { TASK_SEED: String(tasks), TASK_DEVICES: String(perTask) },
});
const seededIn = performance.now() - t0;
process.on('uncaughtException', (err) => {
  console.error(err);
  void fleet.stop().finally(() => process.exit(1));
});

const post = adminCaller(() => fleet);

const first = await post('/dv/m/tasks', { page: 1, pageSize: 10 });
const task = first.list[0];
const lastTaskPage = Math.ceil(first.total / 10);
const lastResultPage = Math.ceil(task.total / 10);
const results = await post('/dv/m/task/logs', { taskId: task.id, page: 1, pageSize: 10 });
const device = results.list[0].deviceId;

const reads = {
  'task list, page 1': ['/dv/m/tasks', { page: 1, pageSize: 10 }],
  'task list, failed of one type': [
    '/dv/m/tasks',
    { page: 1, pageSize: 10, status: 'failed', type: task.type },
  ],
  [`task list, last page (${lastTaskPage})`]: ['/dv/m/tasks', { page: lastTaskPage, pageSize: 10 }],
  "a task's results, page 1": ['/dv/m/task/logs', { taskId: task.id, page: 1, pageSize: 10 }],
  "a task's failures, page 1": [
    '/dv/m/task/logs',
    { taskId: task.id, state: 'failed', page: 1, pageSize: 10 },
  ],
  [`a task's results, last page (${lastResultPage})`]: [
    '/dv/m/task/logs',
    { taskId: task.id, page: lastResultPage, pageSize: 10 },
  ],
  "a device's commands, page 1": ['/dv/m/task/logs', { deviceId: device, page: 1, pageSize: 10 }],
  "the task list's operators": ['/dv/m/task/operators', {}],
};

const figures = {};
for (const [name, [url, body]] of Object.entries(reads)) {
  await post(url, body);
  const times = [];
  for (let i = 0; i < rounds * 10; i++) {
    const started = performance.now();
    await post(url, body);
    times.push(performance.now() - started);
  }
  figures[name] = median(times);
}
await fleet.stop();

console.log(
  `Task pages (${database}; ${tasks} tasks × ${perTask} devices = ${(tasks * perTask).toLocaleString('en')} results over ${seed.toLocaleString('en')} devices, seeded in ${(seededIn / 1000).toFixed(0)} s; medians of ${rounds * 10})`,
);
for (const [name, ms] of Object.entries(figures)) {
  console.log(
    `  ${name.padEnd(40)} ${ms.toFixed(1).padStart(7)} ms  budget < ${BUDGET_MS} ms ${ms < BUDGET_MS ? 'OK' : 'OVER'}`,
  );
}
