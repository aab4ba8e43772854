import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
// The agent's own test vendor: encrypting a folder needs a TDE licence the engine trusts.
import { makeVendor } from '../../../agent/src/test/licence-fixture.ts';
import type { ConsoleAccounts } from './admin.ts';
import { expect, type Tenant } from './console-test.ts';
import { groupWithSecret } from './fleet.ts';

/**
 * The real reference engine (the file the console serves, packages/agent/dist/edp-agent.mjs)
 * as a customer's machine runs it, for the journeys of issues 23 and 24. A spec calls
 * `stopEngines` after each test: the engines it started stop and their folders go.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const engineFile = path.resolve(here, '../../../agent/dist/edp-agent.mjs');
const resolver = path.resolve(here, 'localhost-resolver.mjs');

const running: ChildProcess[] = [];
const dirs: string[] = [];

/** Stops the engines a test started and removes their folders (a spec's afterEach). */
export async function stopEngines() {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await closed;
    clearTimeout(timer);
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** The engine file run by Node in `cwd`, as on a bare machine; its output kept. */
export function engine(args: string[], cwd: string) {
  const child = spawn(process.execPath, [engineFile, ...args], {
    cwd,
    env: {
      PATH: [path.dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
      HOME: cwd,
      LANG: 'C.UTF-8',
      // t<hex>.localhost is this machine, as Chromium takes it (engine-journey.spec.ts).
      NODE_OPTIONS: `--import ${resolver}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const output: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  const exit = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, output, exit };
}

/**
 * An engine enrolled in a new group of the tenant and running, with a folder of three files
 * (and, with `tde`, a TDE licence of the agent's test vendor installed; with `vendorKey`, the
 * public key file it checks the console's certificates with): what a customer's machine would be.
 */
export async function runningEngine(
  request: APIRequestContext,
  tenant: Tenant,
  opts: { tde?: boolean; vendorKey?: string } = {},
) {
  const accounts: ConsoleAccounts = tenant.accounts;
  const { secret } = await groupWithSecret(request, accounts);
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'edp-e2e-tasks-')));
  dirs.push(root);
  const state = path.join(root, 'state');
  const name = `host-${path.basename(root).slice(-6)}`;
  const oneShot = async (args: string[]) => {
    const e = engine([...args, '--dir', state], root);
    expect(await e.exit, e.output.join('')).toBe(0);
  };
  const key = opts.vendorKey ? ['--vendor-key', opts.vendorKey] : [];
  await oneShot(['enrol', '--url', tenant.url, '--secret', secret, '--name', name, ...key]);
  const shares = path.join(root, 'shares');
  fs.mkdirSync(shares);
  for (const f of ['a.docx', 'b.xlsx', 'c.pdf']) fs.writeFileSync(path.join(shares, f), `${f}\n`);
  if (opts.tde) {
    const { fingerprint } = JSON.parse(
      fs.readFileSync(path.join(state, 'identity.json'), 'utf8'),
    ) as { fingerprint: string };
    const vendor = makeVendor(root);
    const lic = path.join(root, 'tde.lic');
    fs.writeFileSync(lic, vendor.certificate({ kind: 'TDE', serial: 2301, fingerprint }));
    await oneShot(['install-licence', lic, '--key', vendor.keyFile]);
  }
  const run = engine(['run', '--dir', state], root);
  return { name, root, state, shares, run };
}
