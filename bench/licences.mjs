// Issue 24: activation of LICENCE_ENGINES (1,000) simulated engines at once from the console, on
// a fresh database (PostgreSQL unless BENCH_DB=pglite). The request files come out of the
// console in one archive (/sync/m/rd/np), the vendor signs a certificate for each (with the
// fleet server's own vendor key, as its portal would), and the certificates go back in one
// upload (/sync/m/finalize); the engines, which check each with the vendor's public key, install
// them. Figures: the archive and the upload's times, and the time from the upload to every
// engine installed and every device active in the licence view.
// With LICENCE_KILL=1 the server is killed (SIGKILL) once half the engines have answered and a
// fresh one is started on the same data: every device must still end active, its command
// counted once (the task's counters), and nothing left open.
// Run: node --import tsx bench/licences.mjs (needs `npm ci`).
import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { parseRequestFile } from '../packages/shared/src/licence-request.ts';
import { signLicence } from '../packages/server/src/portal/licence/licence-file.ts';
import { adminCaller, startFleet } from './lib/fleet.mjs';
import { fleetSimulator, stopOnCrash } from './lib/fleet-simulator.mjs';

const count = Number(process.env.LICENCE_ENGINES ?? 1_000);
const kill = process.env.LICENCE_KILL === '1';
const database = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'pg';
const port = 18360;

let fleet = await startFleet({ port, seed: 0, database });
let sim;
stopOnCrash(() => ({ fleet, sim }));
const keys = path.join(fleet.reuse.dataDir, 'keys');
const vendorPublic = fs.readFileSync(path.join(keys, 'vendor-ed25519.pub'), 'utf8');
const vendorPrivate = createPrivateKey(fs.readFileSync(path.join(keys, 'vendor-ed25519.key')));

const post = adminCaller(() => fleet);
const until = async (what, done, limitS = 600) => {
  const started = performance.now();
  while (!(await done().catch(() => false))) {
    if (performance.now() - started > limitS * 1000) throw new Error(`${what}: not in ${limitS} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return (performance.now() - started) / 1000;
};

let last;
sim = fleetSimulator(fleet, {
  count,
  interval: 30,
  seed: `bench-licences-${count}`,
  vendorKey: vendorPublic,
  // Engines each have their own connection; a pool sized for the check-in rate alone would
  // queue the task's burst behind a few sockets (as in bench/commands.mjs).
  connections: 128,
  reportSeconds: 2,
  onReport: (r) => (last = r),
});
const running = sim.run();
await until('engines ready', async () => last && last.streams >= count && last.total.ok >= count);

// Step 1 for every device, 2 and 3 as the vendor's portal would do them.
let started = performance.now();
const made = await post('/sync/m/rd/np', { target: { every: true }, months: 12 });
const archiveS = (performance.now() - started) / 1000;
const now = Date.now();
const certificates = Object.entries(unzipSync(Buffer.from(made.archive, 'base64'))).map(
  ([fileName, bytes], i) => {
    const r = parseRequestFile(strFromU8(bytes));
    const payload = {
      ver: 1,
      licenseCode: `EDP-BNCH-${String(i).padStart(4, '0')}-0000-0000`,
      serial: r.installedSerial + 1,
      requestId: r.requestId,
      fingerprint: r.fingerprint,
      kind: r.kind,
      issuedAt: now,
      expiresAt: now + 365 * 86_400_000,
      maxDevices: 1,
    };
    return {
      fileName: fileName.replace(/\.dat$/, '.lic'),
      text: signLicence(payload, vendorPrivate, 'bench'),
    };
  },
);

// Step 4 for every device: one upload, one task.
started = performance.now();
const batch = await post('/sync/m/finalize', { certificates, expiresInHours: 24 });
const uploadS = (performance.now() - started) / 1000;
const task = () => post('/dv/m/task/info', { id: batch.taskId });
let downS = 0;
if (kill) {
  await until('half answered', async () => (await task()).counts.finished >= count / 2, 120);
  await fleet.kill();
  const killedAt = performance.now();
  fleet = await startFleet({ port, seed: 0, database, again: fleet.reuse });
  downS = (performance.now() - killedAt) / 1000;
}
await until('all installed', async () => (await task()).counts.finished >= count);
const allInstalledS = (performance.now() - started) / 1000;
await until('all active', async () => {
  const normal = await post('/dv/m/licences', { state: 'normal', page: 1, pageSize: 10 });
  return normal.total >= count;
});
const allActiveS = (performance.now() - started) / 1000;
const final = await task();
const none = await post('/dv/m/licences', { state: 'none', page: 1, pageSize: 10 });
sim.stop();
await running;
await fleet.stop();

console.log(
  `Activation of ${count.toLocaleString('en')} simulated engines (${database}${kill ? ', server killed at half and started again' : ''}; simulator on the same machine)`,
);
console.log(`  request archive (${made.count} .dat in one zip): ${archiveS.toFixed(2)} s`);
console.log(
  `  upload of ${certificates.length} certificates: ${uploadS.toFixed(2)} s (accepted ${batch.accepted.length}, refused ${batch.refused.length})`,
);
if (kill) console.log(`  server down ${downS.toFixed(1)} s`);
console.log(
  `  from the upload: all installed ${allInstalledS.toFixed(1)} s, all active ${allActiveS.toFixed(1)} s`,
);
console.log(
  `  task: ${JSON.stringify(final.counts)} of ${final.total}, status ${final.status}; devices without a licence: ${none.total}` +
    (final.counts.finished === count && final.total === count && none.total === 0
      ? ' — every device active, each command counted once'
      : ' — NOT all done once'),
);
