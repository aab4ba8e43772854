// Issue 3 and 4 figures, against a server seeded with 10,000 licences and 10,000 console users:
// - POST /api/com/my/license (signed in) beside a bare Fastify route (target ≥ 40 %)
// - one certificate issue, median latency on PGlite (target < 20 ms)
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
  `  POST /api/com/issue          ${median(issueTimes).toFixed(1)} ms median of ${issueTimes.length} (target < 20 ms)`,
);
console.log(
  `  POST /api/user/ug/list       ${median(userList).toFixed(0)} req/s  = ${pct(userList)}`,
);
console.log(
  `  POST /api/login/n/login      ${median(logins).toFixed(0)} logins/s (scrypt N=2^15 each)`,
);
