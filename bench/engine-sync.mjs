// Issue 35 point 25 / issue 38 point 1: the synchronous commands a user timed, against the real
// reference engine (packages/agent, running in this process) and the console (the fleet
// server): the first folder browse, reading a program (the engine hashes it: this Node's own
// binary), reading the authorised programs, the engine's version; then five folder browses in a
// row and five 1.5 s apart. The engine write-protects (SE) a folder of PROTECTED_FILES files
// (100,000) first: a check-in counts the files of every protected folder, which is what a
// command fetched by a check-in used to wait for (printed: one check-in's state, timed).
// Interval 30 s (the console's default). Run: node --import tsx bench/engine-sync.mjs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enrol, engineState, ops, runEngine, StateDir } from '../packages/agent/src/index.ts';
import { adminCaller, startFleet } from './lib/fleet.mjs';
import { median } from './lib/measure.mjs';

const files = Number(process.env.PROTECTED_FILES ?? 100_000);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
const BUDGET_MS = 250;

const fleet = await startFleet({ port: 18340, seed: 0, database });
const post = adminCaller(() => fleet);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-bench-engine-sync-'));
const dir = path.join(root, 'state');
const controller = new AbortController();
let running;
try {
  const { deviceId } = await enrol({
    url: fleet.base,
    secret: fleet.secret,
    dir,
    name: 'bench-engine',
    fingerprint: 'e'.repeat(64),
    log: () => {},
  });
  const state = new StateDir(dir);
  const shares = path.join(root, 'shares');
  for (let d = 0; d < Math.ceil(files / 1000); d++) {
    fs.mkdirSync(path.join(shares, `d${d}`), { recursive: true });
    for (let f = 0; f < Math.min(1000, files - d * 1000); f++) {
      fs.writeFileSync(path.join(shares, `d${d}`, `f${f}.txt`), '');
    }
  }
  if (files > 0) {
    const protectedSe = await ops.protectSe(state, shares);
    if (protectedSe.code !== 0) throw new Error(`se.protect: ${protectedSe.message}`);
  }
  const gathered = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await engineState(state);
    gathered.push(performance.now() - started);
  }

  running = runEngine({ dir, signal: controller.signal, dpiEverySeconds: 0, log: () => {} });
  const timed = async (url, body) => {
    const started = performance.now();
    await post(url, { deviceId, ...body });
    return performance.now() - started;
  };
  // The engine is online from its enrolment; its stream opens within a moment of its start.
  await new Promise((r) => setTimeout(r, 2_000));
  const pause = () => new Promise((r) => setTimeout(r, 1_500));
  const first = {};
  first['first folder browse (/)'] = await timed('/sync/m/view/folder', { path: '/' });
  await pause();
  first['read program (node, hashed)'] = await timed('/sync/m/view/program', {
    path: process.execPath,
  });
  await pause();
  first['read authorised programs'] = await timed('/sync/m/aa', {});
  await pause();
  first['engine version'] = await timed('/sync/m/version', {});
  await pause();
  const inRow = [];
  for (let i = 0; i < 5; i++) inRow.push(await timed('/sync/m/view/folder', { path: shares }));
  const spaced = [];
  for (let i = 0; i < 5; i++) {
    await pause();
    spaced.push(await timed('/sync/m/view/folder', { path: shares }));
  }

  const ms = (x) => `${x.toFixed(0)} ms`;
  console.log(
    `Synchronous commands to the real engine (${database}; console and engine on this machine; a protected folder of ${files.toLocaleString('en')} files)`,
  );
  console.log(
    `  one check-in's state (the file counts of the protected folders), median of 3: ${ms(median(gathered))}`,
  );
  for (const [what, t] of Object.entries(first)) console.log(`  ${what}: ${ms(t)}`);
  const all = [...inRow, ...spaced];
  console.log(
    `  /sync/m/view/folder five in a row: ${inRow.map(ms).join(', ')}; five 1.5 s apart: ${spaced.map(ms).join(', ')}; slowest ${ms(Math.max(...all))} (budget ${BUDGET_MS} ms ${Math.max(...all) < BUDGET_MS ? 'OK' : 'OVER'})`,
  );
} finally {
  controller.abort();
  await running;
  const state = new StateDir(dir);
  if (files > 0 && fs.existsSync(path.join(root, 'shares'))) {
    await ops.unprotectSe(state, path.join(root, 'shares'));
  }
  fs.rmSync(root, { recursive: true, force: true });
  await fleet.stop();
}
