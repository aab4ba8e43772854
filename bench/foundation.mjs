// Issue 2 figures: /api/owner/n/ts beside a bare Fastify route (target ≥ 60 %), start-up time to
// first answer on PGlite, and the gzip size of the JS that /login loads first (target ≤ 200 KB).
// Run after `npm run build`: node bench/foundation.mjs
// SKIP_WEB_SIZE=1 leaves out the size line (e.g. while the web app does not build).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { median, rps, startBare } from './lib/measure.mjs';
import { startServer } from './lib/server.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);

const startups = [];
for (let i = 0; i < rounds; i++) {
  const s = await startServer({ port: 18090 + i });
  startups.push(s.startupMs);
  await s.stop();
}

const server = await startServer({ port: 18080 });
const bare = await startBare(18081);
const ours = [];
const bares = [];
// Alternate the two so that the machine's noise falls on both alike.
for (let i = 0; i < rounds; i++) {
  bares.push(await rps({ url: bare.url, seconds }));
  ours.push(await rps({ url: `${server.base}/api/owner/n/ts`, seconds }));
}
await server.stop();
await bare.stop();

const sizeScript = path.resolve(import.meta.dirname, '../packages/web/scripts/initial-js-size.mjs');
const sizeOut = process.env.SKIP_WEB_SIZE
  ? 'initial JS size skipped (SKIP_WEB_SIZE set)'
  : execFileSync(process.execPath, [sizeScript], { encoding: 'utf8' }).trim();

const ratio = median(ours) / median(bares);
console.log('foundation bench (medians of %d rounds, %d s each, 16 connections)', rounds, seconds);
console.log(`  bare Fastify route        ${median(bares).toFixed(0)} req/s`);
console.log(
  `  POST /api/owner/n/ts      ${median(ours).toFixed(0)} req/s  = ${(ratio * 100).toFixed(1)} % of bare (target ≥ 60 %)`,
);
console.log(
  `  start-up to first answer  ${median(startups).toFixed(0)} ms on PGlite (fresh DATA_DIR)`,
);
// The size script lists every chunk; its last two lines are the total and the verdict.
console.log(`  ${sizeOut.split('\n').slice(-2).join('\n  ')}`);
