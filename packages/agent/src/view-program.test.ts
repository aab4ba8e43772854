import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommandAnswer } from '@edp/shared/contracts/commands';
import { startRealConsole, type RealConsole } from './test/real-console.ts';
import { enrol } from './engine.ts';
import { PROGRAM_MAX_BYTES } from './file-hash.ts';
import { engineCommand } from './test/engine-file.ts';

/**
 * Issue 34, points 5 and 8: `/sync/m/view/program` and `/sync/m/pi/add` against a real engine
 * process and a real console. A file that is no program (a FIFO, a device, a secret, one too
 * large) is refused at once, and the engine goes on checking in; a program still hashes.
 */
let real: RealConsole;
let engine: ChildProcess;
let output = '';
let stateDir: string;
let deviceId: string;
let files: string;

/** The engine's last check-in the console answered (status.json, written at each one). */
const lastCheckIn = (): number => {
  try {
    const s = JSON.parse(fs.readFileSync(path.join(stateDir, 'status.json'), 'utf8')) as {
      lastCheckIn: string;
    };
    return Date.parse(s.lastCheckIn);
  } catch {
    return 0;
  }
};

async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`${what}: not in ${ms} ms\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The console's answer, or 'no answer' after 8 s (the console itself waits 15 s). */
async function ask(call: '/sync/m/view/program' | '/sync/m/pi/add', file: string) {
  const started = Date.now();
  const body = await Promise.race([
    real.op<TCommandAnswer<'view.program'>>(call, { deviceId, path: file }).then((a) => a.body),
    new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 8_000)),
  ]);
  return { body, ms: Date.now() - started };
}

/** The engine checks in again after `since` (its interval is 2 s here). */
const checksInAfter = (since: number) =>
  until(() => lastCheckIn() > since, 8_000, 'a check-in after the command');

beforeAll(async () => {
  real = await startRealConsole('programs.example', 'edp-view-program-', {
    CHECK_IN_INTERVAL_S: '2',
  });
  stateDir = path.join(real.root, 'engine');
  files = path.join(real.root, 'files');
  fs.mkdirSync(files);
  const enrolment = await enrol({
    url: real.url,
    secret: real.secret,
    dir: stateDir,
    kind: 'TDE',
    name: 'hash-target',
  });
  deviceId = enrolment.deviceId;
  // The engine as it runs on a machine: its own process, from the command line.
  const [node, ...args] = engineCommand([
    'run',
    '--dir',
    stateDir,
    '--no-access',
    '--dpi-every',
    '0',
  ]);
  engine = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  engine.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
  engine.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
  await until(() => lastCheckIn() > 0, 20_000, 'a first check-in');
}, 120_000);

afterAll(async () => {
  if (engine?.pid && engine.exitCode === null) {
    const exited = new Promise((r) => engine.once('exit', r));
    // An engine stuck on a file does not stop on SIGTERM: it is killed after a while.
    process.kill(-engine.pid, 'SIGTERM');
    const killer = setTimeout(() => process.kill(-engine.pid!, 'SIGKILL'), 3_000);
    await exited;
    clearTimeout(killer);
  }
  await real?.close();
});

describe('view.program and program.authorise on a real engine', { timeout: 30_000 }, () => {
  it('refuses a FIFO at once (-29) and goes on checking in', async () => {
    const fifo = path.join(files, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const since = lastCheckIn();
    const viewed = await ask('/sync/m/view/program', fifo);
    expect(viewed.body).toMatchObject({ success: false, errCode: -29 });
    expect(viewed.ms).toBeLessThan(5_000);
    const added = await ask('/sync/m/pi/add', fifo);
    expect(added.body).toMatchObject({ success: false, errCode: -29 });
    await checksInAfter(since);
  });

  it('refuses /dev/zero and a link to it (-25) and goes on checking in', async () => {
    const link = path.join(files, 'zero');
    fs.symlinkSync('/dev/zero', link);
    const since = lastCheckIn();
    for (const file of ['/dev/zero', link]) {
      const viewed = await ask('/sync/m/view/program', file);
      expect(viewed.body, file).toMatchObject({ success: false, errCode: -25 });
      expect(viewed.ms).toBeLessThan(5_000);
    }
    await checksInAfter(since);
  });

  it('is no oracle: a readable file that is no program, or a link to it, is refused (-29)', async () => {
    // Standing in for /etc/shadow: private, readable by the engine, not executable.
    const shadow = path.join(files, 'shadow');
    fs.writeFileSync(shadow, 'root:$6$secret:19000:0:99999:7:::\n', { mode: 0o600 });
    const link = path.join(files, 'shadow-link');
    fs.symlinkSync(shadow, link);
    for (const file of [shadow, link]) {
      const viewed = await ask('/sync/m/view/program', file);
      expect(viewed.body, file).toMatchObject({ success: false, errCode: -29 });
      expect(JSON.stringify(viewed.body)).not.toMatch(/[0-9a-f]{64}/);
    }
    // The engine's own environment, the other example: a system tree.
    const environ = await ask('/sync/m/view/program', '/proc/self/environ');
    expect(environ.body).toMatchObject({ success: false, errCode: -25 });
  });

  it('hashes an executable regular file as before, through a link too', async () => {
    const tool = path.join(files, 'tool.sh');
    const content = '#!/bin/sh\necho tool\n';
    fs.writeFileSync(tool, content, { mode: 0o755 });
    const link = path.join(files, 'tool-link');
    fs.symlinkSync(tool, link);
    const sha256 = createHash('sha256').update(content).digest('hex');
    for (const file of [tool, link]) {
      const viewed = await ask('/sync/m/view/program', file);
      expect(viewed.body, JSON.stringify(viewed.body)).toMatchObject({
        success: true,
        data: { path: file, size: content.length, sha256, executable: true, authorised: false },
      });
    }
  });

  it('refuses a program over the size limit (-29) without reading it', async () => {
    const big = path.join(files, 'big');
    // Sparse: as large as the limit and one byte, on no disk space.
    fs.writeFileSync(big, '', { mode: 0o755 });
    fs.truncateSync(big, PROGRAM_MAX_BYTES + 1);
    const viewed = await ask('/sync/m/view/program', big);
    expect(viewed.body).toMatchObject({ success: false, errCode: -29 });
    expect(viewed.ms).toBeLessThan(5_000);
  });
});
