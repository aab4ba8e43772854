import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TEngineFile } from '@edp/shared/contracts/agent';
import type { TDeviceDetail, TDeviceList } from '@edp/shared/contracts/devices';
import type { TIssueResult, TUploadResult } from '@edp/shared/contracts/com';
import type { TInstalledLicence, TRequestFile } from '@edp/shared/contracts/licences';
import type { TTaskItem } from '@edp/shared/contracts/tasks';
import { engineCommands } from '@edp/shared/engine-commands';
// The console itself, as its own tests start it (PGlite, or PostgreSQL with DB=pg).
import { call, createTestApp, type TestContext } from '../../server/src/test/harness.ts';
import { as, setupTenant, signIn } from '../../server/src/test/console-fixture.ts';
import { makeCompany } from '../../server/src/test/portal-fixture.ts';

/**
 * The commands the console shows for getting its engine (the device centre's "Enrol engines"
 * drawer and the installers page, both from `engineCommands`, packages/shared), run exactly as
 * shown, by bash, in an empty folder outside the repository, against a running console that
 * serves the engine built by packages/agent/build.mjs: no node_modules, no registry, no tsx.
 * The engine downloads, passes its SHA-256 check, enrols, and checks in.
 */
const host = 'commands.example';
const agentDir = path.resolve(import.meta.dirname, '..');
let ctx: TestContext;
let origin: string;
let secret: string;
let sha256: string;
let op: ReturnType<typeof as>;
let root: string;
const running: ChildProcess[] = [];

/** A free port of the range this machine's tests may use (18200-18299). */
async function freePort(): Promise<number> {
  for (let port = 18240; port < 18300; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 18240-18299');
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-console-commands-'));
  // The build the console serves, made as `npm run build` makes it.
  const engine = path.join(root, 'build', 'edp-agent.mjs');
  const built = spawnSync(process.execPath, ['build.mjs', engine], {
    cwd: agentDir,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  ctx = await createTestApp({ ENGINE_FILE: engine, CHECK_IN_INTERVAL_S: '2' });
  const port = await freePort();
  await ctx.app.listen({ port, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${port}`;
  await setupTenant(ctx.app, host);
  const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
  const group = await admin<{ id: string }>('/user/group/add', { name: 'Servers' });
  const made = await op<{ secret: string }>('/dv/m/secret/rotate', {
    groupId: group.body.data!.id,
  });
  if (!made.body.success) throw new Error(JSON.stringify(made.body));
  secret = made.body.data!.secret;
  // What the console page shows beside the commands, through the same call it makes.
  const info = (await (
    await fetch(`${origin}/api/agent/engine/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as { data: TEngineFile };
  sha256 = info.data.sha256;
}, 120_000);

afterEach(async () => {
  for (const child of running.splice(0)) await stop(child);
});

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Shell {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * Runs `commands` as a user pasting them would: bash in `cwd`, with a bare environment (Node
 * and the system's tools on PATH, nothing from this repository), in a process group of its own.
 * `prefix` runs bash under another command; `args` are the script's $0, $1 ….
 */
function bash(
  commands: string,
  cwd: string,
  opts: { path?: string[]; prefix?: string[]; args?: string[] } = {},
): Shell {
  const env = {
    PATH: [...(opts.path ?? []), path.dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
    HOME: cwd,
    LANG: 'C.UTF-8',
  };
  const [command, ...args] = [...(opts.prefix ?? []), 'bash', '-c', commands, ...(opts.args ?? [])];
  const child = spawn(command!, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

/** SIGTERM to the whole group (bash and the engine it runs), SIGKILL after 5 s. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise((r) => child.once('close', r));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await closed;
  clearTimeout(timer);
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const devices = async () => (await op<TDeviceList>('/dv/m/list', {})).body.data!;
const readJson = (file: string) =>
  fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : undefined;

describe('the commands the console shows', { timeout: 90_000 }, () => {
  it('download the engine from the console, check it, enrol it and run it: it checks in', async () => {
    const { run } = engineCommands({ origin, secret, sha256 });
    const folder = fs.mkdtempSync(path.join(root, 'bare-'));
    const shell = bash(run, folder);
    const state = path.join(folder, 'edp-agent', 'edp-agent-data');

    // It enrolled: the device centre lists it.
    const device = await until('the device in the console', async () => (await devices()).list[0]);
    expect(device).toMatchObject({ name: os.hostname(), groupName: 'Servers', presence: 'online' });
    // It checked in: its first check-in (an interval of 2 s after enrolling) was answered.
    const status = await until('an answered check-in', () =>
      readJson(path.join(state, 'status.json')),
    );
    expect(Date.parse(status.lastCheckIn!)).toBeGreaterThan(Date.parse(device.lastSeenAt!));
    expect(shell.child.exitCode, shell.output()).toBeNull();
    const log = shell.output();
    expect(log).toContain('edp-agent.mjs.part: OK');
    expect(log).toMatch(/enrolled as device [0-9a-f-]{36}/);
    expect(log).toMatch(/engine [0-9a-f-]{36} checking in to http:\/\/127\.0\.0\.1:\d+ every ~2 s/);
    // The console lists the check-in too.
    await until('the check-in in the console', async () => {
      const seen = (await devices()).list[0]!.lastSeenAt!;
      return Date.parse(seen) > Date.parse(device.lastSeenAt!) ? seen : undefined;
    });
    // Nothing but the engine and its state came into the folder.
    expect(fs.readdirSync(folder)).toEqual(['edp-agent']);
    expect(fs.readdirSync(path.join(folder, 'edp-agent')).sort()).toEqual([
      'edp-agent-data',
      'edp-agent.mjs',
    ]);

    await stop(shell.child);
    expect(shell.output()).toMatch(/stopped\n$/);
  });

  it('enrolled by them, take a certificate the portal signed and then protect a folder', async () => {
    // The first test enrolled this machine from another folder: a new state directory holds
    // neither its key nor its token, so the operator allows the re-enrolment (issue 34).
    const before = (await devices()).list[0];
    if (before)
      expect((await op('/dv/m/reenrol/allow', { id: before.id })).body.success).toBe(true);
    const { run } = engineCommands({ origin, secret, sha256 });
    const folder = fs.mkdtempSync(path.join(root, 'activate-'));
    const shell = bash(run, folder);
    const state = path.join(folder, 'edp-agent', 'edp-agent-data');
    await until('an answered check-in', () => readJson(path.join(state, 'status.json')));
    const id = (await devices()).list[0]!.id;

    // Step 1: the request file, of what the engine answers (its push stream brings it at once).
    const asked = await op<TRequestFile>('/sync/m/rd', { deviceId: id, months: 12 });
    expect(asked.body.success, JSON.stringify(asked.body)).toBe(true);
    // Steps 2 and 3: the company uploads it to the portal, which signs the certificate.
    const company = await makeCompany(ctx, 12);
    const uploaded = await call<TUploadResult>(
      ctx.app,
      '/com/auth/device',
      { file: asked.body.data!.file },
      company.headers,
    );
    const issued = await call<TIssueResult>(
      ctx.app,
      '/com/issue',
      { requestId: uploaded.body.data!.requestId, months: 12 },
      company.headers,
    );
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/com/dw/${issued.body.data!.recordId}`,
      headers: company.headers,
    });
    expect(download.statusCode).toBe(200);
    // Step 4: the console checks it and the engine installs it with the vendor key its
    // enrolment gave it (issue 35: it held none, and refused the certificate with -9).
    const installed = await op<TInstalledLicence>('/sync/m/act', {
      deviceId: id,
      certificate: download.body,
    });
    expect(installed.body, shell.output()).toMatchObject({
      success: true,
      data: { kind: 'TDE', serial: 1 },
    });
    expect((await op<TDeviceDetail>('/dv/m/info', { id })).body.data).toMatchObject({
      activation: 'active',
    });

    // Licensed, it protects a folder: the task ends finished and the file is encrypted.
    const secrets = fs.mkdtempSync(path.join(root, 'secrets-'));
    fs.writeFileSync(path.join(secrets, 'ledger.txt'), 'the books\n');
    const made = await op<{ taskId: string }>('/async/m/tde/folder/add', {
      target: { ids: [id] },
      path: secrets,
    });
    expect(made.body.success, JSON.stringify(made.body)).toBe(true);
    const task = await until('the task to end', async () => {
      const t = (await op<TTaskItem>('/dv/m/task/info', { id: made.body.data!.taskId })).body.data!;
      return t.status === 'waiting' || t.status === 'processing' ? undefined : t;
    });
    expect(task, shell.output()).toMatchObject({ status: 'finished' });
    expect(fs.readFileSync(path.join(secrets, 'ledger.txt')).subarray(0, 6).toString()).toBe(
      'EDPTDE',
    );
  });

  it('stop before enrolling when the file is not the one the page showed', async () => {
    const { run } = engineCommands({ origin, secret, sha256: 'f'.repeat(64) });
    const folder = fs.mkdtempSync(path.join(root, 'tampered-'));
    const shell = bash(run, folder);
    expect(await shell.exit).not.toBe(0);
    expect(shell.output()).toContain('edp-agent.mjs.part: FAILED');
    // The unchecked copy was never moved into place, let alone run.
    expect(fs.readdirSync(path.join(folder, 'edp-agent'))).toEqual(['edp-agent.mjs.part']);
    expect(shell.output()).not.toMatch(/enrol/);
  });

  it('answer the console’s refusal when it has no engine built', async () => {
    const engine = ctx.app.platform.config.ENGINE_FILE!;
    fs.renameSync(engine, `${engine}.away`);
    try {
      const { run } = engineCommands({ origin, secret, sha256 });
      const shell = bash(run, fs.mkdtempSync(path.join(root, 'unbuilt-')));
      expect(await shell.exit).toBe(1);
      expect(shell.output()).toContain(
        'download failed: HTTP 404 {"success":false,"errCode":-10105,"msg":"This server has no engine file built',
      );
    } finally {
      fs.renameSync(`${engine}.away`, engine);
    }
  });

  // The service variant writes /opt, /var/lib and /etc/systemd/system: it runs in a mount
  // namespace of its own where they are empty, with a systemctl that starts the unit's
  // ExecStart as systemd would. Where namespaces are not allowed (not root), it is skipped.
  const isolated =
    process.platform === 'linux' &&
    !/^\/(opt|var\/lib)\//.test(process.execPath) &&
    fs.existsSync('/etc/systemd/system') &&
    spawnSync('unshare', ['-m', 'true']).status === 0;
  it.skipIf(!isolated)(
    'install it as a systemd service whose unit runs it: it checks in',
    async () => {
      const before = (await devices()).list[0]!;
      // A new state directory on the machine the first test enrolled: the engine there holds
      // neither the first one's key nor its token, so the operator allows the device's
      // re-enrolment first (issue 34: a fingerprint alone takes no device over).
      const allowed = await op('/dv/m/reenrol/allow', { id: before.id });
      expect(allowed.body.success).toBe(true);
      const { service } = engineCommands({ origin, secret, sha256, kind: 'DPI' });
      const folder = fs.mkdtempSync(path.join(root, 'service-'));
      const bin = path.join(folder, 'bin');
      fs.mkdirSync(bin);
      // daemon-reload and enable: noted; restart: the unit's ExecStart, in the background.
      fs.writeFileSync(
        path.join(bin, 'systemctl'),
        [
          '#!/bin/bash',
          'echo "systemctl $*" >> /var/lib/systemctl.log',
          'if [ "$1" = restart ]; then',
          '  exec_start=$(sed -n "s/^ExecStart=//p" "/etc/systemd/system/$2.service")',
          '  $exec_start < /dev/null > "/var/lib/$2.log" 2>&1 &',
          '  echo $! > "/var/lib/$2.pid"',
          'fi',
          '',
        ].join('\n'),
        { mode: 0o755 },
      );
      // In the namespace: empty folders, the commands as shown, then what they left once the
      // service's engine has checked in, and the engine stopped as systemd stops it.
      const inNamespace = [
        'for d in /opt /var/lib /etc/systemd/system; do mount -t tmpfs tmpfs $d || exit 9; done',
        'bash -c "$1" || exit $?',
        'for i in $(seq 120); do [ -s /var/lib/edp-agent/status.json ] && break; sleep 0.25; done',
        'echo "--- unit"; cat /etc/systemd/system/edp-agent.service',
        'echo "--- systemctl"; cat /var/lib/systemctl.log',
        'echo "--- status"; cat /var/lib/edp-agent/status.json; echo',
        'pid=$(cat /var/lib/edp-agent.pid); kill -TERM $pid',
        'while kill -0 $pid 2>/dev/null; do sleep 0.1; done',
        'echo "--- engine"; cat /var/lib/edp-agent.log',
      ].join('\n');
      const shell = bash(inNamespace, folder, {
        path: [bin],
        prefix: ['unshare', '-m', '--propagation', 'private'],
        args: ['namespace', service],
      });
      expect(await shell.exit, shell.output()).toBe(0);
      const [commands, unit, systemctl, status, engine] = shell.output().split(/^--- \w+\n/m);
      expect(commands).toContain('edp-agent.mjs.part: OK');
      expect(commands).toMatch(/enrolled as device [0-9a-f-]{36}/);
      expect(unit).toContain(
        `ExecStart=${process.execPath} /opt/edp-agent/edp-agent.mjs run --dir /var/lib/edp-agent\n`,
      );
      expect(systemctl).toBe(
        'systemctl daemon-reload\nsystemctl enable edp-agent\nsystemctl restart edp-agent\n',
      );
      expect(JSON.parse(status!)).toMatchObject({ interval: 2, state: { install: 'installed' } });
      expect(engine).toMatch(/checking in to http:\/\/127\.0\.0\.1:\d+ every ~2 s\n.*stopped\n$/s);
      // The same machine enrolled again (as DPI now): the same device, seen again.
      const after = await devices();
      expect(after.total).toBe(1);
      expect(after.list[0]).toMatchObject({ id: before.id, kind: 'DPI' });
      expect(Date.parse(after.list[0]!.lastSeenAt!)).toBeGreaterThan(
        Date.parse(before.lastSeenAt!),
      );
    },
  );
});
