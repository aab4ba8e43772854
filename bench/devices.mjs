// Issue 11 figures for the device centre, on a server seeded with 100,000 devices (FLEET_SEED):
// - POST /api/dv/m/list page 1, and a filtered page (one group with subgroups, type 3), beside a
//   bare Fastify route (target ≥ 40 % each), and beside a bare route answering page 1's own body
//   (the ratio of our work alone: on loopback, sending 4.5 KB instead of 0.1 KB costs Fastify
//   itself much of its throughput)
// - a deep page (pages 5,000 to 5,029 of 10, each first read): median of 30 (budget < 50 ms)
// - 1,000 engines enrolling at once: all succeed, each exactly once
// - the home overview: first answer after a change, and throughput as kept
// Run: node bench/devices.mjs (BENCH_DB=pg for PostgreSQL; needs `npm ci`).
import { randomBytes } from 'node:crypto';
import { startFleet } from './lib/fleet.mjs';
import { median, rps, startBare } from './lib/measure.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const seed = Number(process.env.FLEET_SEED ?? 100_000);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
const DEEP_BUDGET_MS = 50;
const ENROLMENTS = 1_000;

const t0 = performance.now();
const fleet = await startFleet({ port: 18280, seed, database });
const seededIn = performance.now() - t0;
const console_ = { 'x-token': fleet.adminToken, host: fleet.host };
let bare;
// A failure must not leave the servers running.
process.on('uncaughtException', (err) => {
  console.error(err);
  void fleet
    .stop()
    .finally(() => (bare?.stop() ?? Promise.resolve()).finally(() => process.exit(1)));
});

const post = async (url, body, headers = console_) => {
  const res = await fetch(`${fleet.base}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return res.json();
};

// Site-4 holds devices 3, 23, 43…: all PWE (type 3 while licensed).
// The bare server also answers page 1's very body, with no logic: the second yardstick.
const firstPage = await post('/dv/m/list', { page: 1, pageSize: 10 });
bare = await startBare(18281, firstPage);

const filtered = { groupId: fleet.groups[3], type: 3, pageSize: 10 };
const check = await post('/dv/m/list', filtered);
if (!check.success || check.data.list.length === 0) throw new Error(JSON.stringify(check));

// Pages 5,000… of 10 at 100,000 devices (half-way down a smaller seed), each read once: a
// page kept as sent would time the cache, not the query.
const deepPage = Math.min(5_000, Math.floor(seed / 20));
const deep = [];
await post('/dv/m/list', { page: deepPage - 1 });
for (let i = 0; i < 30; i++) {
  const started = performance.now();
  const answer = await post('/dv/m/list', { page: deepPage + i, pageSize: 10 });
  deep.push(performance.now() - started);
  if (!answer.success || answer.data.list.length !== 10) throw new Error(JSON.stringify(answer));
}

const bares = [];
const barePages = [];
const page1 = [];
const filteredPage = [];
for (let i = 0; i < rounds; i++) {
  bares.push(await rps({ url: bare.url, seconds }));
  barePages.push(await rps({ url: bare.pageUrl, seconds }));
  page1.push(
    await rps({
      url: `${fleet.base}/api/dv/m/list`,
      body: JSON.stringify({ page: 1, pageSize: 10 }),
      headers: console_,
      seconds,
    }),
  );
  filteredPage.push(
    await rps({
      url: `${fleet.base}/api/dv/m/list`,
      body: JSON.stringify(filtered),
      headers: console_,
      seconds,
    }),
  );
}

// 1,000 engines at once: each its own fingerprint; every one must get a device, and only one.
const identities = Array.from({ length: ENROLMENTS }, (_, i) => ({
  name: `new-${i}`,
  ip: '10.200.0.1',
  systemType: 'Linux',
  version: '1.0.0',
  kind: 'TDE',
  fingerprint: randomBytes(32).toString('hex'),
}));
const state = { install: 'installed', detection: 'ok', activation: 'inactive', version: '1.0.0' };
const enrolStarted = performance.now();
const answers = await Promise.all(
  identities.map((identity) =>
    post('/agent/enrol', { secret: fleet.secret, identity, state }, {}).catch((err) => ({
      success: false,
      msg: err.message,
    })),
  ),
);
const enrolMs = performance.now() - enrolStarted;
const ok = answers.filter((a) => a.success);
const distinct = new Set(ok.map((a) => a.data.deviceId)).size;
const running = await post('/dv/m/list', { keyword: 'new-', pageSize: 10 });

// The home overview (every console user's home asks for it): its first answer after a change
// (an enrolment evicts what was kept, so the counters are summed again), median of 10, and its
// throughput as kept.
const overviewFirst = [];
for (let i = 0; i < 10; i++) {
  const identity = {
    ...identities[0],
    name: `home-${i}`,
    fingerprint: randomBytes(32).toString('hex'),
  };
  await post('/agent/enrol', { secret: fleet.secret, identity, state }, {});
  const started = performance.now();
  const answer = await post('/dv/m/overview', {});
  overviewFirst.push(performance.now() - started);
  if (!answer.success || answer.data.total < seed) throw new Error(JSON.stringify(answer));
}
const overviewKept = await rps({
  url: `${fleet.base}/api/dv/m/overview`,
  headers: console_,
  seconds,
});

const usage = await fleet.stop();
await bare.stop();

const pct = (x) => `${((median(x) / median(bares)) * 100).toFixed(1)} % of bare`;
const verdict = (ok) => (ok ? 'OK' : 'OVER');
console.log(
  'Device centre bench (%s; %d devices; medians of %d rounds, %d s each)',
  database,
  seed,
  rounds,
  seconds,
);
console.log(`  seeding and start            ${(seededIn / 1000).toFixed(1)} s`);
console.log(`  bare Fastify route           ${median(bares).toFixed(0)} req/s`);
console.log(
  `  bare route, page 1's body    ${median(barePages).toFixed(0)} req/s (${(JSON.stringify(firstPage).length / 1024).toFixed(1)} KB; list ratios against it in brackets)`,
);
const ofPage = (x) => `[${((median(x) / median(barePages)) * 100).toFixed(1)} %]`;
console.log(
  `  /dv/m/list page 1            ${median(page1).toFixed(0)} req/s  = ${pct(page1)} ${ofPage(page1)} (target ≥ 40 % [of the same body]) ${verdict(median(page1) / median(barePages) >= 0.4)}`,
);
console.log(
  `  /dv/m/list group+type        ${median(filteredPage).toFixed(0)} req/s  = ${pct(filteredPage)} ${ofPage(filteredPage)} (target ≥ 40 % [of the same body]) ${verdict(median(filteredPage) / median(barePages) >= 0.4)}`,
);
console.log(
  `  /dv/m/list page ${String(deepPage).padEnd(13)}${median(deep).toFixed(1)} ms median of ${deep.length}  budget < ${DEEP_BUDGET_MS} ms ${verdict(median(deep) < DEEP_BUDGET_MS)}`,
);
console.log(
  `  ${ENROLMENTS} enrolments at once   ${ok.length} succeeded, ${distinct} distinct devices, ${running.data.total} listed, in ${(enrolMs / 1000).toFixed(1)} s ${verdict(ok.length === ENROLMENTS && distinct === ENROLMENTS && running.data.total === ENROLMENTS)}`,
);
console.log(
  `  /dv/m/overview after a change ${median(overviewFirst).toFixed(1)} ms median of ${overviewFirst.length}; as kept ${overviewKept.toFixed(0)} req/s = ${((overviewKept / median(bares)) * 100).toFixed(1)} % of bare`,
);
console.log(
  `  server: ${(usage.cpuUserS + usage.cpuSystemS).toFixed(1)} s CPU, peak RSS ${usage.peakRssMb.toFixed(0)} MB`,
);
