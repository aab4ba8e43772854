// The build: the steps of scripts/build-steps.mjs, in order.
//   node scripts/build.mjs             every step (`npm run build`)
//   node scripts/build.mjs --changed   only the steps whose inputs changed since they last ran,
//                                      or whose outputs are missing (`npm start`)
// Each step that runs writes a stamp with the digest of its inputs (scripts/build-stamps.mjs)
// once it succeeds; its old stamp goes first, so a step that fails or is interrupted runs
// again next time. Stops at the first step that fails, with its exit code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUILD_STEPS } from './build-steps.mjs';
import { digestInputs, removeStamp, staleReason, writeStamp } from './build-stamps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const onlyChanged = process.argv.includes('--changed');
const started = performance.now();
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const current = [];
for (const step of BUILD_STEPS) {
  const inputs = digestInputs(root, step);
  const why = onlyChanged ? staleReason(root, step, inputs) : 'every step';
  if (!why) {
    current.push(`${step.name} (${Object.keys(inputs.files).length} inputs)`);
    continue;
  }
  console.log(`build: ${step.name}${onlyChanged ? `, ${why}` : ''}: ${step.command.join(' ')}`);
  removeStamp(root, step);
  const stepStarted = performance.now();
  const run = spawnSync(step.command[0], step.command.slice(1), { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    const how =
      run.error?.message ?? (run.signal ? `killed by ${run.signal}` : `exit ${run.status}`);
    console.error(`build: ${step.name} failed (${how})`);
    process.exit(run.status || 1);
  }
  writeStamp(root, step, inputs);
  console.log(`build: ${step.name} done in ${seconds(stepStarted)}`);
}
if (current.length > 0)
  console.log(`build: current, inputs unchanged: ${current.join(', ')} (${seconds(started)})`);
