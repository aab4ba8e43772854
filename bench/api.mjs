// Issue 3 and 4 figures, against a server seeded with 10,000 licences and 10,000 console users:
// - POST /api/com/my/license (signed in) beside a bare Fastify route (target ≥ 40 %)
// - one certificate issue, median latency on PGlite (budget < 20 ms)
// - the first answer of My license and My engine pages with 10,000 licences (budget < 250 ms
//   each); these two budgets were assertions in the server tests before (issue 8)
// - console login throughput (scrypt included) and /api/user/ug/list beside the bare route
// Run: node bench/api.mjs (builds and starts its own servers; needs `npm ci`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { build } from 'esbuild';
import { serverBundle } from '../packages/server/esbuild.options.mjs';
import { makeLicenceRequestFile } from './lib/request-file.mjs';
import { median, rps, startBare } from './lib/measure.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const ISSUE_BUDGET_MS = 20;
const LIST_BUDGET_MS = 250;
const budget = (ms, limit) => `budget < ${limit} ms ${ms < limit ? 'OK' : 'OVER'}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const root = path.resolve(import.meta.dirname, '..');

// The seeded server is bundled like dist/index.js, beside it, so that it runs the shipped code.
const seededBundle = path.join(root, 'packages/server/dist/bench-seeded-server.js');
await build(serverBundle(path.join(root, 'bench/lib/seeded-server.ts'), seededBundle));

const t0 = performance.now();
const child = spawn(process.execPath, [seededBundle], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const first = await new Promise((resolve, reject) => {
  const lines = readline.createInterface({ input: child.stdout });
  lines.once('line', resolve);
  child.once('exit', (code) => reject(new Error(`seeded server exited with ${code}`)));
});
const s = JSON.parse(first);
const seededIn = performance.now() - t0;
const bare = await startBare(18181);

const post = async (url, body, headers = {}) => {
  const res = await fetch(`${s.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return res.json();
};

// The first answer of each list (nothing of it cached yet), after one call to another page of
// each, so that they do not pay for the first call of its kind.
const timedPost = async (url, body, headers) => {
  const started = performance.now();
  const answer = await post(url, body, headers);
  const ms = performance.now() - started;
  if (!answer.success) throw new Error(`${url} failed: ${JSON.stringify(answer)}`);
  return ms;
};
const company = { 'x-token': s.companyToken };
await timedPost('/api/com/my/license', { page: 2 }, company);
await timedPost('/api/com/my/device', { page: 2 }, company);
const listFirst = [];
for (const [label, url, body] of [
  ['My license, page 1', '/api/com/my/license', {}],
  ['My license, expiring, 50/page', '/api/com/my/license', { status: 'expiring', pageSize: 50 }],
  ['My license, page 150 of 50', '/api/com/my/license', { page: 150, pageSize: 50 }],
  ['My engine, 50/page', '/api/com/my/device', { pageSize: 50 }],
]) {
  listFirst.push([label, await timedPost(url, body, company)]);
}

// One issue at a time: upload a fresh request, then time the signing call alone.
const issueTimes = [];
for (let i = 0; i < 40; i++) {
  const file = makeLicenceRequestFile(`bench-issue-${i}`);
  const up = await post('/api/com/auth/device', { file }, { 'x-token': s.companyToken });
  const started = performance.now();
  const issued = await post(
    '/api/com/issue',
    { requestId: up.data.requestId, months: 1 },
    { 'x-token': s.companyToken },
  );
  issueTimes.push(performance.now() - started);
  if (!issued.success) throw new Error(`issue failed: ${JSON.stringify(issued)}`);
}

const bares = [];
const licenceList = [];
const filteredList = [];
const userList = [];
const logins = [];
for (let i = 0; i < rounds; i++) {
  bares.push(await rps({ url: bare.url, seconds }));
  licenceList.push(
    await rps({
      url: `${s.base}/api/com/my/license`,
      body: JSON.stringify({ page: 1, pageSize: 10 }),
      headers: { 'x-token': s.companyToken },
      seconds,
    }),
  );
  // A status filter's pages are kept until a licence joins or leaves the filtered set.
  filteredList.push(
    await rps({
      url: `${s.base}/api/com/my/license`,
      body: JSON.stringify({ page: 1, pageSize: 10, status: 'expiring' }),
      headers: { 'x-token': s.companyToken },
      seconds,
    }),
  );
  userList.push(
    await rps({
      url: `${s.base}/api/user/ug/list`,
      body: JSON.stringify({ page: 1, pageSize: 10 }),
      headers: { 'x-token': s.adminToken, host: s.host },
      seconds,
    }),
  );
  logins.push(
    await rps({
      url: `${s.base}/api/login/n/login`,
      body: JSON.stringify({ account: 'admin', password: s.adminPassword }),
      headers: { host: s.host },
      seconds,
      connections: 8,
    }),
  );
}
child.kill('SIGTERM');
await bare.stop();

const pct = (x) => `${((median(x) / median(bares)) * 100).toFixed(1)} % of bare`;
console.log(
  'API bench (PGlite; %d seeded licences and users; medians of %d rounds, %d s each)',
  s.seed,
  rounds,
  seconds,
);
console.log(`  seeding and start            ${(seededIn / 1000).toFixed(1)} s`);
console.log(`  bare Fastify route           ${median(bares).toFixed(0)} req/s`);
console.log(
  `  POST /api/com/my/license     ${median(licenceList).toFixed(0)} req/s  = ${pct(licenceList)} (target ≥ 40 %)`,
);
console.log(
  `    same, status=expiring     ${median(filteredList).toFixed(0)} req/s  = ${pct(filteredList)} (kept until a licence joins or leaves the set)`,
);
console.log(
  `  POST /api/com/issue          ${median(issueTimes).toFixed(1)} ms median of ${issueTimes.length}  ${budget(median(issueTimes), ISSUE_BUDGET_MS)}`,
);
for (const [label, ms] of listFirst) {
  console.log(
    `  ${`${label}, first answer`.padEnd(44)} ${ms.toFixed(1).padStart(6)} ms  ${budget(ms, LIST_BUDGET_MS)}`,
  );
}
console.log(
  `  POST /api/user/ug/list       ${median(userList).toFixed(0)} req/s  = ${pct(userList)}`,
);
console.log(
  `  POST /api/login/n/login      ${median(logins).toFixed(0)} logins/s (scrypt N=2^15 each)`,
);
