// Issue 22 figures for the device export, on a server seeded with 100,000 devices (FLEET_SEED):
// GET /api/dv/m/export of every device as CSV and as XLSX, read to the end by a client that keeps
// up, and once by one that stops reading for 15 s after the first chunk (the server must wait
// for it, not go on zipping into memory). For each: rows a second, bytes, and the
// server's resident memory sampled every 20 ms (from /proc) before and during the export: the
// export streams, so its peak must stay near the idle server's whatever the fleet's size.
// Run: node bench/device-export.mjs (BENCH_DB=pg for PostgreSQL; FLEET_SEED to change the fleet;
// BENCH_PORT for another port than 18290; needs `npm ci`).
import fs from 'node:fs';
import { startFleet } from './lib/fleet.mjs';

const seed = Number(process.env.FLEET_SEED ?? 100_000);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
/** The most the server's RSS may grow over its idle size during an export. */
const RSS_BUDGET_MB = 150;

const fleet = await startFleet({ port: Number(process.env.BENCH_PORT ?? 18290), seed, database });
process.on('uncaughtException', (err) => {
  console.error(err);
  void fleet.stop().finally(() => process.exit(1));
});

const rssMb = () => {
  const status = fs.readFileSync(`/proc/${fleet.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
};

/** One export read to the end; `pauseMs`: the reader stops that long after the first chunk. */
async function exportOnce(query, { pauseMs } = {}) {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
  const before = rssMb();
  const started = performance.now();
  const res = await fetch(`${fleet.base}/api/dv/m/export?${query}`, {
    headers: { 'x-token': fleet.adminToken, host: fleet.host, 'accept-language': 'en-US' },
  });
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let newlines = 0;
  const csv = query.includes('format=xlsx') ? false : true;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    if (csv) for (const b of chunk) if (b === 10) newlines++;
    if (pauseMs && bytes === chunk.length) await new Promise((r) => setTimeout(r, pauseMs));
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  return { ms, bytes, rows: csv ? newlines - 1 : seed, before, peak };
}

// Warm up (the first XLSX loads exceljs) on a small slice, then the whole fleet.
await exportOnce('keyword=host-1234');
await exportOnce('keyword=host-1234&format=xlsx');
const runs = [
  ['CSV, registration order', 'sort=createdAt&order=desc'],
  ['CSV, by name', 'sort=name&order=asc'],
  ['CSV, by last seen', 'sort=lastSeenAt&order=desc'],
  ['XLSX, registration order', 'format=xlsx'],
  ['XLSX, reader pausing 15 s', 'format=xlsx', { pauseMs: 15_000 }],
  ['CSV, reader pausing 15 s', 'sort=createdAt&order=desc', { pauseMs: 15_000 }],
];
const results = [];
for (const [label, query, opts] of runs)
  results.push([label, { ...(await exportOnce(query, opts)), paused: opts?.pauseMs ?? 0 }]);
const usage = await fleet.stop();

console.log('Device export bench (%s; %d devices)', database, seed);
for (const [label, r] of results) {
  const grew = r.peak - r.before;
  console.log(
    `  ${label.padEnd(26)} ${(r.ms / 1000).toFixed(1)} s, ${Math.round((r.rows / (r.ms - r.paused)) * 1000)} rows/s${r.paused ? ' (less the pause)' : ''}, ${(r.bytes / 2 ** 20).toFixed(1)} MB; server RSS ${r.before.toFixed(0)} → peak ${r.peak.toFixed(0)} MB (+${grew.toFixed(0)}, budget +${RSS_BUDGET_MB}) ${grew <= RSS_BUDGET_MB && r.rows === seed ? 'OK' : 'OVER'}`,
  );
}
console.log(
  `  server: ${(usage.cpuUserS + usage.cpuSystemS).toFixed(1)} s CPU, peak RSS ${usage.peakRssMb.toFixed(0)} MB (seeding included)`,
);
