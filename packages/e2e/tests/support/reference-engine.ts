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
 * as a customer's machine runs it, for the journeys of issues 11, 23 and 24: run by Node from
 * the build, or got by the commands a console page shows (`engineFromCommands`). A spec calls
 * `stopEngines` after each test: the engines (and shells) it started stop and their folders go.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const engineFile = path.resolve(here, '../../../agent/dist/edp-agent.mjs');
const resolver = path.resolve(here, 'localhost-resolver.mjs');

const running: ChildProcess[] = [];
const dirs: string[] = [];

/** A process a test started, with its output (stdout and stderr as they came) and exit code. */
export interface Started {
  child: ChildProcess;
  output: string[];
  exit: Promise<number | null>;
}

/** Stops the engines a test started and removes their folders (a spec's afterEach). */
export async function stopEngines() {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const closed = new Promise((r) => child.once('close', r));
    // The whole process group: a shell and the engine it runs stop together.
    const signal = (s: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, s);
      } catch {
        // gone already
      }
    };
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 5_000);
    await closed;
    clearTimeout(timer);
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** An empty folder of the test's own (its real path), removed by `stopEngines`. */
export function tempFolder(prefix: string): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  dirs.push(dir);
  return dir;
}

/**
 * `command args` in `cwd` as on a bare machine: Node and the system's tools on PATH, nothing of
 * this repository, HOME the folder; in a process group of its own; its output kept. The commands
 * name the tenant's address, `t<hex>.localhost`, which Chromium sends to this machine; many
 * Linux machines resolve *.localhost to it too (RFC 6761, nss-myhostname), this one does not:
 * Node is given localhost-resolver.mjs (NODE_OPTIONS) for that, and nothing else.
 */
export function start(command: string, args: string[], cwd: string): Started {
  const child = spawn(command, args, {
    cwd,
    env: {
      PATH: [path.dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
      HOME: cwd,
      LANG: 'C.UTF-8',
      NODE_OPTIONS: `--import ${resolver}`,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const output: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  const exit = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, output, exit };
}

/** The engine file run by Node in `cwd`, as on a bare machine; its output kept. */
export const engine = (args: string[], cwd: string) =>
  start(process.execPath, [engineFile, ...args], cwd);

/** What an engine enrolled with (its state directory's identity.json). */
export interface EngineIdentity {
  name: string;
  systemType: string;
  kernel: string;
  version: string;
  fingerprint: string;
}

/**
 * The commands a console page shows for getting the engine (the device centre's enrol drawer:
 * support/enrol-drawer.ts), run exactly as given, as a user pasting them: bash in an empty
 * folder outside the repository. They download the engine from the console, check its SHA-256,
 * enrol it (named after this machine) and run it; this resolves once it has enrolled. The
 * engine keeps running in `shell` (its state in edp-agent/edp-agent-data) until `stopEngines`.
 */
export async function engineFromCommands(commands: string) {
  const root = tempFolder('edp-e2e-engine-');
  const shell = start('bash', ['-c', commands], root);
  const home = path.join(root, 'edp-agent');
  const state = path.join(home, 'edp-agent-data');
  await expect
    .poll(() => shell.output.join(''), { timeout: 30_000 })
    .toMatch(/enrolled as device [0-9a-f-]{36}/);
  expect(shell.output.join('')).toContain('edp-agent.mjs.part: OK');
  const identity = JSON.parse(
    fs.readFileSync(path.join(state, 'identity.json'), 'utf8'),
  ) as EngineIdentity;
  return { root, home, state, identity, name: identity.name, shell };
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
  const root = tempFolder('edp-e2e-tasks-');
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
