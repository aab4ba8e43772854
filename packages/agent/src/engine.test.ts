import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZEngineIdentity } from '@edp/shared/contracts/engine';
import { backoffMs, enrol, jittered, runEngine, type Enrolment } from './engine.ts';
import { StateDir } from './state-dir.ts';
import { ENGINE_VERSION, machineFingerprint } from './identity.ts';
import type { CommandResult } from './ops.ts';
import { startFakeConsole, type FakeConsole } from './test/fake-console.ts';
import { makeVendor } from './test/licence-fixture.ts';

let root: string;
let fake: FakeConsole;
let n = 0;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-engine-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(async () => fake?.close());

async function enrolled(interval = 1, kind: 'TDE' | 'DPI' = 'TDE') {
  fake = await startFakeConsole({ interval });
  const dir = path.join(root, `state-${++n}`);
  const enrolment = await enrol({ url: fake.url, secret: fake.secret, dir, kind });
  return { dir, enrolment, state: new StateDir(dir) };
}

/** Resolves once `cond` holds (polling), or fails after `ms`. */
async function until(cond: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - times[i]!);
}

describe('enrolment', () => {
  it('sends a real identity, keeps the token readable by the engine alone, and keeps its device', async () => {
    const { dir, enrolment, state } = await enrolled(30);
    expect(fake.invalid).toEqual([]);
    const [seen] = fake.enrolments;
    expect(ZEngineIdentity.parse(seen!.identity)).toMatchObject({
      name: os.hostname().slice(0, 64),
      systemType: expect.any(String),
      kernel: os.release(),
      version: ENGINE_VERSION,
      kind: 'TDE',
      fingerprint: machineFingerprint(),
    });
    expect(seen!.identity.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // Engines send no cookies and no Accept-Language.
    expect(seen!.headers.cookie).toBeUndefined();
    expect(seen!.headers['accept-language']).toBeUndefined();

    const file = state.path('agent.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      url: fake.url,
      deviceId: enrolment.deviceId,
      token: enrolment.token,
      interval: 30,
    });
    const again = await enrol({ url: fake.url, secret: fake.secret, dir });
    expect(again.deviceId).toBe(enrolment.deviceId);
    expect(again.token).not.toBe(enrolment.token);
  });

  it('reports a refused secret with its code', async () => {
    fake = await startFakeConsole();
    await expect(
      enrol({
        url: fake.url,
        secret: 'edp_enrol_' + 'A'.repeat(32),
        dir: path.join(root, 'refused'),
      }),
    ).rejects.toMatchObject({ errCode: -10100, status: 401 });
    expect(fs.existsSync(path.join(root, 'refused'))).toBe(false);
  });
});

describe('the vendor key of the enrolment (issue 35)', () => {
  it('keeps the key of the first enrolment; a later answer with another is refused and said', async () => {
    fake = await startFakeConsole();
    const dir = path.join(root, `state-${++n}`);
    const state = new StateDir(dir);
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    const given = fake.vendorKey!;
    await enrol({ url: fake.url, secret: fake.secret, dir, log });
    expect(state.readText('vendor-ed25519.pub')).toBe(given);
    expect(lines).toEqual([expect.stringMatching(/^vendor public key [0-9a-f]{16} kept/)]);
    // The console (or whoever answers in its place) now offers another key: the held one stays.
    const vendor = makeVendor(fs.mkdtempSync(path.join(root, 'vendor-')));
    fake.vendorKey = vendor.publicPem;
    lines.length = 0;
    await enrol({ url: fake.url, secret: fake.secret, dir, log });
    expect(state.readText('vendor-ed25519.pub')).toBe(given);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `offered vendor public key ${vendor.kid}, another .*kept the one held.*--vendor-key`,
        ),
      ),
    ]);
  });

  it('gets the key at its start when it was enrolled before enrolment gave one', async () => {
    const { dir, state } = await enrolled(1);
    fs.rmSync(state.path('vendor-ed25519.pub'));
    const lines: string[] = [];
    const outcome = await runEngine({
      dir,
      signal: AbortSignal.timeout(2_000),
      log: (l) => lines.push(l),
    });
    expect(outcome.reason).toBe('signal');
    expect(fake.enrolments).toHaveLength(2);
    expect(fake.proofs[1]?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state.readText('vendor-ed25519.pub')).toBe(fake.vendorKey);
    expect(lines[0]).toMatch(/^vendor public key [0-9a-f]{16} kept/);
    // Held now, the next start enrols no more.
    await runEngine({ dir, signal: AbortSignal.timeout(1_500), log: () => {} });
    expect(fake.enrolments).toHaveLength(2);
  });
});

describe('check-in loop', () => {
  it('first checks in the enrolment interval after enrolling, at once when enrolled long ago', async () => {
    const { dir, state } = await enrolled(1);
    const enrolledAt = Date.parse(state.readJson<Enrolment>('agent.json')!.enrolledAt);
    expect(await runEngine({ dir, once: true, log: () => {} })).toMatchObject({ exitCode: 0 });
    const first = fake.checkIns[0]!.at - enrolledAt;
    expect(first).toBeGreaterThanOrEqual(895);
    expect(first).toBeLessThan(1_100 + 150);
    // Restarted later, it checks in at once.
    await new Promise((r) => setTimeout(r, 1_000));
    const started = Date.now();
    expect(await runEngine({ dir, once: true, log: () => {} })).toMatchObject({ exitCode: 0 });
    expect(fake.checkIns[1]!.at - started).toBeLessThan(150);
  });

  it('checks in at the answered interval within ±10 %, reporting its real state', async () => {
    const { dir } = await enrolled(1);
    const controller = new AbortController();
    const lines: string[] = [];
    const running = runEngine({ dir, signal: controller.signal, log: (l) => lines.push(l) });
    // Four check-ins, however long the engine's start takes on a busy machine (the server tests
    // run beside these): a fixed 3.3 s after the first left no room for a gap of +10 % and a
    // late timer (stop 48 saw three). Each gap is held to the interval below.
    await until(() => fake.checkIns.length >= 4, 10_000);
    controller.abort();
    expect(await running).toMatchObject({ reason: 'signal', exitCode: 0 });
    const times = fake.checkIns.map((c) => c.at);
    expect(times.length).toBeGreaterThanOrEqual(4);
    for (const gap of gaps(times)) {
      expect(gap).toBeGreaterThanOrEqual(895);
      expect(gap).toBeLessThanOrEqual(1_100 + 150);
    }
    const state = fake.checkIns[0]!.state;
    expect(state).toEqual({
      install: 'installed',
      detection: 'ok',
      activation: 'inactive',
      version: ENGINE_VERSION,
      // No console key from this fake console: no window-signing key to report.
      windowKey: null,
      protected: [],
      licence: null,
      // No data key before the first encryption (escrow.test.ts).
      keys: [],
    });
    expect(fake.checkIns[0]!.headers.cookie).toBeUndefined();
    expect(fake.checkIns[0]!.headers['accept-language']).toBeUndefined();
    expect(lines.at(-1)).toBe('stopped');
  });

  it('obeys a new interval from the answer', async () => {
    const { dir } = await enrolled(1);
    fake.next.push({ kind: 'ok', interval: 2 });
    const controller = new AbortController();
    const running = runEngine({ dir, signal: controller.signal, log: () => {} });
    await until(() => fake.checkIns.length > 0);
    await new Promise((r) => setTimeout(r, 2_300));
    controller.abort();
    await running;
    const [gap] = gaps(fake.checkIns.map((c) => c.at));
    expect(gap).toBeGreaterThanOrEqual(1_790);
    expect(gap).toBeLessThanOrEqual(2_200 + 150);
  });

  it('spreads check-ins by ±10 % and doubles its waits up to the cap', () => {
    const samples = Array.from({ length: 5_000 }, () => jittered(30_000));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(27_000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(33_000);
    // Both ends are reached, not just the middle.
    expect(Math.min(...samples)).toBeLessThan(27_300);
    expect(Math.max(...samples)).toBeGreaterThan(32_700);
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((f) => backoffMs(f, 5_000, 300_000, mid))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000,
    ]);
  });

  it('backs off after 429, doubling from twice the interval, then resumes', async () => {
    const { dir } = await enrolled(1);
    const tooMany = { kind: 'error', errCode: -10104, status: 429 } as const;
    fake.next.push(tooMany, tooMany, tooMany);
    const controller = new AbortController();
    const lines: string[] = [];
    // One protocol second lasts 100 ms here: waits of 200, 400 and 800 ms, then 100 ms.
    const running = runEngine({
      dir,
      signal: controller.signal,
      secondMs: 100,
      random: () => 0.5,
      log: (l) => lines.push(l),
    });
    // Three refusals and the check-in after them (not a fixed time: a busy machine is slower).
    await until(() => fake.checkIns.length >= 5, 10_000);
    controller.abort();
    await running;
    const g = gaps(fake.checkIns.map((c) => c.at));
    expect(g.length).toBeGreaterThanOrEqual(4);
    expect(g[0]).toBeGreaterThanOrEqual(195);
    expect(g[0]).toBeLessThan(330);
    expect(g[1]).toBeGreaterThanOrEqual(395);
    expect(g[1]).toBeLessThan(530);
    expect(g[2]).toBeGreaterThanOrEqual(795);
    expect(g[2]).toBeLessThan(930);
    expect(g[3]).toBeLessThan(230);
    expect(lines.some((l) => /errCode -10104 .*HTTP 429; retrying in 0\.4 s/.test(l))).toBe(true);
  });

  it('waits at least the Retry-After of a 429', async () => {
    const { dir } = await enrolled(1);
    fake.next.push({ kind: 'error', errCode: -10104, status: 429, retryAfter: 1 });
    const controller = new AbortController();
    const running = runEngine({ dir, signal: controller.signal, secondMs: 100, log: () => {} });
    await new Promise((r) => setTimeout(r, 1_300));
    controller.abort();
    await running;
    const [gap] = gaps(fake.checkIns.map((c) => c.at));
    expect(gap).toBeGreaterThanOrEqual(995);
  });

  it('backs off exponentially on network errors, capped', async () => {
    const { dir } = await enrolled(1);
    fake.next.push(...Array.from({ length: 6 }, () => ({ kind: 'drop' }) as const));
    const controller = new AbortController();
    const running = runEngine({
      dir,
      signal: controller.signal,
      backoff: { baseMs: 50, capMs: 200 },
      random: () => 0.5,
      log: () => {},
    });
    // Six dropped check-ins and the one that succeeds after them.
    await until(() => fake.checkIns.length >= 7, 10_000);
    controller.abort();
    await running;
    const g = gaps(fake.checkIns.map((c) => c.at));
    // 50, 100, 200, then 200 (capped) for the fourth to sixth failure.
    const expected = [50, 100, 200, 200, 200, 200];
    expect(g.length).toBe(expected.length);
    g.forEach((gap, i) => {
      expect(gap, `gap ${i}`).toBeGreaterThanOrEqual(expected[i]! - 5);
      expect(gap, `gap ${i}`).toBeLessThan(expected[i]! + 120);
    });
  });

  it('stops for good when the device is deprecated (-10102)', async () => {
    const { dir, enrolment, state } = await enrolled(1);
    fake.deprecate(enrolment.deviceId);
    const lines: string[] = [];
    const outcome = await runEngine({ dir, log: (l) => lines.push(l) });
    expect(outcome).toMatchObject({ reason: 'deprecated', exitCode: 4, checkIns: 0 });
    expect(lines.at(-1)).toMatch(/stopping for good: device dev-1 was deprecated.*-10102/);
    expect(state.exists('deprecated')).toBe(true);
    // Started again, it does not check in at all.
    const requestsBefore = fake.checkIns.length;
    const again = await runEngine({ dir, log: (l) => lines.push(l) });
    expect(again).toMatchObject({ reason: 'deprecated', exitCode: 4 });
    expect(fake.checkIns.length).toBe(requestsBefore);
  });

  it('keeps running when the token is refused (-10101): proves itself with its key and checks in again', async () => {
    const { dir, state } = await enrolled(1);
    // The key it made at enrolment stays in its state directory, readable by it alone; the
    // enrolment carried its public half.
    expect(fs.statSync(state.path('engine-ed25519.key')).mode & 0o777).toBe(0o600);
    expect(fake.proofs[0]?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const enrolment = state.readJson<Enrolment>('agent.json')!;
    state.writeJson('agent.json', { ...enrolment, token: 'not-the-token' }, 0o600);
    const lines: string[] = [];
    const controller = new AbortController();
    const running = runEngine({ dir, signal: controller.signal, log: (l) => lines.push(l) });
    await until(() => fake.checkIns.some((c) => c.deviceId === 'dev-1'), 10_000);
    controller.abort();
    expect(await running).toMatchObject({ reason: 'signal', exitCode: 0 });
    // One more enrolment: no secret, its key, the same device.
    expect(fake.enrolments.map((e) => e.deviceId)).toEqual(['dev-1', 'dev-1']);
    expect(fake.proofs[1]?.key).toBe(fake.proofs[0]?.key);
    expect(lines.join('\n')).toMatch(
      /refused the device token.*-10101.*proved itself with its key/,
    );
    expect(state.readJson<Enrolment>('agent.json')!.token).not.toBe('not-the-token');
  });

  it('never stops when its proof is refused too: retries with back-off, says what to do, takes a new enrolment', async () => {
    const { dir, state } = await enrolled(1);
    const enrolment = state.readJson<Enrolment>('agent.json')!;
    // A machine whose key the console does not hold (another engine enrolled as the device).
    fs.rmSync(state.path('engine-ed25519.key'));
    state.writeJson('agent.json', { ...enrolment, token: 'not-the-token' }, 0o600);
    const lines: string[] = [];
    const controller = new AbortController();
    const running = runEngine({
      dir,
      signal: controller.signal,
      log: (l) => lines.push(l),
      backoff: { baseMs: 50, capMs: 200 },
    });
    let outcome: unknown;
    void running.then((o) => (outcome = o));
    await until(() => lines.filter((l) => /still refused/.test(l)).length >= 3, 10_000);
    // Still running, refused each time, said once in full.
    expect(outcome).toBeUndefined();
    const said = lines.filter((l) => /PROTECTION GOES ON WITHOUT THE CONSOLE/.test(l));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/-10106.*allows its re-enrolment.*edp-agent enrol --secret/);
    expect(lines.some((l) => /device token still refused; trying again in/.test(l))).toBe(true);
    // The operator enrols this machine again (another process): the engine takes that token.
    await enrol({ url: fake.url, secret: fake.secret, dir });
    const before = fake.checkIns.length;
    await until(() => fake.checkIns.length > before, 10_000);
    controller.abort();
    expect(await running).toMatchObject({ reason: 'signal', exitCode: 0 });
    expect(lines.join('\n')).toMatch(/took the token a new enrolment wrote for device dev-1/);
  });

  it('registers a key at its start when it was enrolled before keys, proven by its token', async () => {
    const { dir, state } = await enrolled(1);
    const { keyed: _, ...old } = state.readJson<Enrolment>('agent.json')!;
    state.writeJson('agent.json', old, 0o600);
    fs.rmSync(state.path('engine-ed25519.key'));
    const lines: string[] = [];
    const outcome = await runEngine({
      dir,
      once: false,
      signal: AbortSignal.timeout(3_000),
      log: (l) => lines.push(l),
    });
    expect(outcome.reason).toBe('signal');
    expect(fake.enrolments).toHaveLength(2);
    expect(fake.proofs[1]?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state.readJson<Enrolment>('agent.json')!.keyed).toBe(true);
    expect(state.exists('engine-ed25519.key')).toBe(true);
    expect(lines[0]).toMatch(/key is registered with the console \(device dev-1\)/);
  });

  it('runs the commands it is given, once each, and reports what changed', async () => {
    const { dir, state } = await enrolled(1);
    const vendor = makeVendor(root);
    const data = path.join(root, `cmd-data-${n}`);
    fs.mkdirSync(data);
    fs.writeFileSync(path.join(data, 'a.txt'), 'plain');
    fs.writeFileSync(path.join(data, 'b.txt'), 'text');
    // The vendor key is configured on the engine; the certificate comes with a command.
    fs.copyFileSync(vendor.keyFile, state.path('vendor-ed25519.pub'));
    const certificate = vendor.certificate({ kind: 'TDE', fingerprint: machineFingerprint() });
    const deadline = Date.now() + 60_000;
    const commands = [
      { id: 'c1', type: 'licence.install', args: { certificate }, deadline },
      { id: 'c2', type: 'tde.encrypt', args: { path: data }, deadline },
      { id: 'c3', type: 'tde.encrypt', args: { path: 'relative/path' }, deadline },
      { id: 'c4', type: 'format.disk', args: {}, deadline },
      { id: 'c5', type: 'dpi.baseline', args: { path: data }, deadline },
    ];
    fake.next.push({ kind: 'ok', commands }, { kind: 'ok', commands });
    const controller = new AbortController();
    const running = runEngine({ dir, signal: controller.signal, log: () => {} });
    // Two check-ins bring the commands, the third reports what they did.
    await until(() => fake.checkIns.length >= 3, 15_000);
    controller.abort();
    await running;
    const results = state.readLines<CommandResult>('results.jsonl');
    expect(results.map((r) => [r.id, r.code])).toEqual([
      ['c1', 0],
      ['c2', 0],
      ['c3', -26],
      ['c4', -2],
      ['c5', -85],
    ]);
    expect(fs.readFileSync(path.join(data, 'a.txt')).subarray(0, 6).toString()).toBe('EDPTDE');
    // The next check-ins report the licence and the protected folder.
    const last = fake.checkIns.at(-1)!.state;
    expect(last.activation).toBe('active');
    expect(last.licence?.serial).toBe(1);
    expect(last.protected).toEqual([{ path: fs.realpathSync(data), mode: 'tde', files: 2 }]);
  });

  it('with --once checks in once and says whether it worked', async () => {
    const { dir } = await enrolled(1);
    expect(await runEngine({ dir, once: true, log: () => {} })).toMatchObject({
      reason: 'once',
      exitCode: 0,
      checkIns: 1,
    });
    fake.next.push({ kind: 'error', errCode: -10007, status: 500 });
    expect(await runEngine({ dir, once: true, log: () => {} })).toMatchObject({
      reason: 'failed',
      exitCode: 1,
    });
    expect(
      await runEngine({ dir: path.join(root, 'never-enrolled'), once: true, log: () => {} }),
    ).toMatchObject({ reason: 'not-enrolled', exitCode: 2 });
  });
});
