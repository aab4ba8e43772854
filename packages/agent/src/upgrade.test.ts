import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_ANSWERS } from '@edp/shared/contracts/commands';
import { ENGINE_VERSION } from './identity.ts';
import { StateDir } from './state-dir.ts';
import type { Enrolment } from './engine.ts';
import { startFakeConsole, type FakeConsole } from './test/fake-console.ts';
import { upgradeEngine } from './upgrade.ts';

/**
 * engine.upgrade end to end: the one-file engine, built as `npm run build` builds it, runs as a
 * real process; the console serves a changed copy (another version); the engine checks the
 * SHA-256, replaces its own file and comes back on it, reporting the new version.
 */
let root: string;
let fake: FakeConsole;
let engineFile: string;
let proc: ChildProcess | undefined;

const NEW_VERSION = `${ENGINE_VERSION}-upgraded`;
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-upgrade-'));
  engineFile = path.join(root, 'opt', 'edp-agent.mjs');
  const built = spawnSync(process.execPath, ['build.mjs', engineFile], {
    cwd: path.join(import.meta.dirname, '..'),
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  fake = await startFakeConsole({ interval: 1 });
});
afterAll(async () => {
  proc?.kill('SIGKILL');
  await fake?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function until(cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('engine.upgrade', () => {
  it('replaces its file with the console’s copy when the hash matches and comes back on it', async () => {
    const original = fs.readFileSync(engineFile);
    // The console's copy: the same engine with another version.
    const text = original.toString('utf8');
    const marker = `version: "${ENGINE_VERSION}",`;
    expect(text.split(marker)).toHaveLength(2);
    // Its build's marker, which the console reads, says the version on the second line.
    const mark = `\n// edp-agent-version: ${ENGINE_VERSION}\n`;
    expect(text.startsWith(`#!/usr/bin/env node${mark}`)).toBe(true);
    const served = Buffer.from(
      text
        .replace(marker, `version: "${NEW_VERSION}",`)
        .replace(mark, `\n// edp-agent-version: ${NEW_VERSION}\n`),
    );
    fake.engineFile = served;

    const dir = path.join(root, 'state');
    const env = { ...process.env, EDP_AGENT_SUPERVISED: '' };
    // Not spawnSync: the console answering it runs in this process.
    const enrolling = spawn(
      process.execPath,
      [engineFile, 'enrol', '--url', fake.url, '--secret', fake.secret, '--dir', dir],
      { env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    expect(await new Promise((resolve) => enrolling.once('exit', resolve))).toBe(0);
    const state = new StateDir(dir);
    const enrolment = state.readJson<Enrolment>('agent.json')!;
    state.writeJson('agent.json', { ...enrolment, enrolledAt: '2020-01-01T00:00:00Z' }, 0o600);

    const deadline = Date.now() + 60_000;
    fake.next.push({
      kind: 'ok',
      commands: [
        // A copy that is not the one announced is never installed.
        {
          id: 'up-bad',
          type: 'engine.upgrade',
          args: { version: NEW_VERSION, sha256: sha256('another file') },
          deadline,
        },
        {
          id: 'up',
          type: 'engine.upgrade',
          args: { version: NEW_VERSION, sha256: sha256(served) },
          deadline,
        },
      ],
    });
    let output = '';
    proc = spawn(process.execPath, [engineFile, 'run', '--dir', dir, '--dpi-every', '0'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));

    await until(() => fake.checkIns.some((c) => c.state.version === NEW_VERSION), 20_000);
    expect(fake.checkIns[0]!.state.version).toBe(ENGINE_VERSION);
    const byId = (id: string) => fake.results.find((r) => r.id === id);
    expect(byId('up-bad'), output).toMatchObject({ code: -44 });
    expect(byId('up-bad')!.message).toMatch(/not installed/);
    expect(byId('up')).toMatchObject({
      code: 0,
      detail: { upgraded: true, sha256: sha256(served) },
    });
    expect(sha256(fs.readFileSync(engineFile))).toBe(sha256(served));
    // Nothing left behind in the folder but the file itself.
    expect(fs.readdirSync(path.dirname(engineFile))).toEqual(['edp-agent.mjs']);

    // The process now running answers with the new version, and the upgrade is not run again.
    fake.next.push({
      kind: 'ok',
      commands: [{ id: 'ver', type: 'engine.version', args: {}, deadline: Date.now() + 60_000 }],
    });
    await until(() => !!byId('ver'), 10_000);
    expect(COMMAND_ANSWERS['engine.version'].parse(byId('ver')!.detail).version).toBe(NEW_VERSION);
    expect(fake.results.filter((r) => r.id === 'up' && r.code === 0).length).toBeGreaterThan(0);
    expect(output.match(/command up engine\.upgrade: 0/g)).toHaveLength(1);

    // SIGTERM to the process that was started stops the engine it runs, cleanly.
    const exited = new Promise<number | null>((resolve) => proc!.once('exit', resolve));
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/SIGTERM: stopping after the current step/);
    expect(output).toMatch(/stopped/);
    const seen = fake.checkIns.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(fake.checkIns.length).toBe(seen);
    proc = undefined;
  });

  it('waits and tries again when the console answers 429 (a fleet behind one address), a few times', async () => {
    const file = path.join(root, 'retry', 'edp-agent.mjs');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, 'old engine', { mode: 0o755 });
    fake.engineFile = Buffer.from('new engine');
    fake.engineBusy = 2;
    fake.engineRequests = 0;
    // One second of waiting lasts 10 ms here.
    const ctx = { url: fake.url, engineFile: file, secondMs: 10 };
    const done = await upgradeEngine({ version: 'x', sha256: sha256('new engine') }, ctx);
    expect(done).toMatchObject({ code: 0, replaced: true });
    expect(fake.engineRequests).toBe(3);
    expect(fs.readFileSync(file, 'utf8')).toBe('new engine');
    expect(fs.statSync(file).mode & 0o777).toBe(0o755);

    fake.engineBusy = 10;
    fake.engineRequests = 0;
    await expect(
      upgradeEngine({ version: 'y', sha256: sha256('newer engine') }, ctx),
    ).rejects.toMatchObject({ code: -1, message: expect.stringMatching(/HTTP 429/) });
    expect(fake.engineRequests).toBe(5);
    expect(fs.readFileSync(file, 'utf8')).toBe('new engine');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['edp-agent.mjs']);
  });
});
