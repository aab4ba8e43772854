// Issue 24 figures for the review list (/ack/s/check/list) on a server seeded with ACK_SEED
// elevation and learning-mode requests (100,000) over FLEET_SEED devices (100,000):
// - the first page, unfiltered and by state (pending), by kind and state, by device, by time;
// - a deep page (after the 90,000th request) and a deep page of the pending ones;
// each the median of BENCH_ROUNDS × 10 reads of 10 rows (budget < 50 ms for every one).
// Run: node bench/ack.mjs (BENCH_DB=pg for PostgreSQL; needs `npm ci`).
import { adminCaller, startFleet } from './lib/fleet.mjs';
import { median } from './lib/measure.mjs';

const acks = Number(process.env.ACK_SEED ?? 100_000);
const seed = Number(process.env.FLEET_SEED ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
const BUDGET_MS = 50;

const t0 = performance.now();
const fleet = await startFleet({
  port: Number(process.env.BENCH_PORT ?? 18510),
  seed,
  database,
  env: { ACK_SEED: String(acks) },
});
const seededIn = performance.now() - t0;
process.on('uncaughtException', (err) => {
  console.error(err);
  void fleet.stop().finally(() => process.exit(1));
});

const post = adminCaller(() => fleet);

const first = await post('/ack/s/check/list', { pageSize: 10 });
const device = first.list[0].deviceId;
const { deep, deepPending } = fleet.ackCursors;
const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const dayAgo = new Date(Date.now() - 86_400_000).toISOString();

const reads = {
  'review list, page 1': { pageSize: 10 },
  'pending, page 1': { pageSize: 10, state: 'pending' },
  'approved elevation, page 1': { pageSize: 10, kind: 'elevation', state: 'approved' },
  'one device, page 1': { pageSize: 10, deviceId: device },
  'asked a day to an hour ago, page 1': { pageSize: 10, from: dayAgo, to: hourAgo },
  [`deep page (after ${Math.floor(acks * 0.9).toLocaleString('en')})`]: {
    pageSize: 10,
    cursor: deep,
  },
  [`pending, deep page (after ${Math.floor(acks * 0.09).toLocaleString('en')})`]: {
    pageSize: 10,
    state: 'pending',
    cursor: deepPending,
  },
};

const figures = {};
for (const [name, body] of Object.entries(reads)) {
  const page = await post('/ack/s/check/list', body);
  if (page.list.length !== 10) throw new Error(`${name}: ${page.list.length} rows`);
  const times = [];
  for (let i = 0; i < rounds * 10; i++) {
    const started = performance.now();
    await post('/ack/s/check/list', body);
    times.push(performance.now() - started);
  }
  figures[name] = median(times);
}
await fleet.stop();

console.log(
  `Review list (${database}; ${acks.toLocaleString('en')} requests over ${Math.min(seed, 1_000).toLocaleString('en')} of ${seed.toLocaleString('en')} devices, seeded in ${(seededIn / 1000).toFixed(0)} s; medians of ${rounds * 10})`,
);
for (const [name, ms] of Object.entries(figures)) {
  console.log(
    `  ${name.padEnd(44)} ${ms.toFixed(1).padStart(7)} ms  budget < ${BUDGET_MS} ms ${ms < BUDGET_MS ? 'OK' : 'OVER'}`,
  );
}
