import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentErr } from '@edp/shared/errors';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import { startRealConsole, type RealConsole } from './test/real-console.ts';
import { enrol, runEngine, type Enrolment, type RunOutcome } from './engine.ts';
import { StateDir } from './state-dir.ts';
import { createSimulator } from './simulator.ts';

/**
 * Issue 34 point 3 with the real engine and the real console: another group's secret and a
 * device's fingerprint take nothing over, and an engine whose token is refused never stops: it
 * proves itself with its key and checks in again, or, displaced by a re-enrolment the console
 * allowed, goes on protecting and says what to do.
 */
const host = 'reenrol-engines.example';
let real: RealConsole;
let secretA: string;

beforeAll(async () => {
  real = await startRealConsole(host, 'edp-agent-reenrol-');
  const other = await real.admin<{ id: string }>('/user/group/add', { name: 'Elsewhere' });
  const made = await real.op<{ secret: string }>('/dv/m/secret/rotate', {
    groupId: other.body.data!.id,
  });
  secretA = made.body.data!.secret;
}, 120_000);
afterAll(() => real?.close());

/** Resolves once `cond` holds (polling), or fails after `ms`. */
async function until(cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A running engine (one protocol second is 50 ms: the answered 30 s interval lasts 1.5 s). */
function start(dir: string) {
  const controller = new AbortController();
  const lines: string[] = [];
  let outcome: RunOutcome | undefined;
  const running = runEngine({
    dir,
    secondMs: 50,
    backoff: { baseMs: 100, capMs: 400 },
    signal: controller.signal,
    log: (l) => lines.push(l),
  }).then((o) => (outcome = o));
  const lastCheckIn = () =>
    new StateDir(dir).readJson<{ lastCheckIn?: string }>('status.json')?.lastCheckIn ?? '';
  return {
    lines,
    lastCheckIn,
    outcome: () => outcome,
    checkedInSince: async (mark: string) => until(() => lastCheckIn() > mark),
    async stop() {
      controller.abort();
      await running;
      return outcome!;
    },
  };
}

describe('re-enrolment with the real engine', { timeout: 90_000 }, () => {
  it("refuses another group's secret with the device's fingerprint; the engine goes on", async () => {
    const fingerprint = randomBytes(32).toString('hex');
    const dir = path.join(real.root, 'victim');
    const victim = await enrol({ url: real.url, secret: real.secret, dir, fingerprint });
    const engine = start(dir);
    await engine.checkedInSince('');

    // The outside tester's request: group A's secret, B's fingerprint, a state of its own.
    const attack = enrol({
      url: real.url,
      secret: secretA,
      dir: path.join(real.root, 'attacker'),
      fingerprint,
    });
    await expect(attack).rejects.toMatchObject({ errCode: AgentErr.ReenrolNotProven });
    const detail = await real.op<TDeviceDetail>('/dv/m/info', { id: victim.deviceId });
    expect(detail.body.data).toMatchObject({ groupName: 'Servers', engineKey: true });
    const mark = engine.lastCheckIn();
    await engine.checkedInSince(mark);
    expect(engine.lines.join('\n')).not.toMatch(/refused/);
    expect(await engine.stop()).toMatchObject({ reason: 'signal', exitCode: 0 });
  });

  it('an engine whose token is refused keeps running and proves itself with its key', async () => {
    const fingerprint = randomBytes(32).toString('hex');
    const dir = path.join(real.root, 'restored');
    const first = await enrol({ url: real.url, secret: real.secret, dir, fingerprint });
    const engine = start(dir);
    await engine.checkedInSince('');

    // Its state copied elsewhere enrols again (a restored backup of the machine): the console
    // replaces the token the running engine holds.
    const copy = path.join(real.root, 'restored-copy');
    fs.cpSync(dir, copy, { recursive: true });
    const other = await enrol({ url: real.url, secret: real.secret, dir: copy, fingerprint });
    expect(other.deviceId).toBe(first.deviceId);

    const mark = engine.lastCheckIn();
    await until(() => engine.lines.some((l) => /proved itself with its key/.test(l)));
    await engine.checkedInSince(mark);
    expect(engine.outcome()).toBeUndefined();
    expect(engine.lines.join('\n')).toMatch(/refused the device token.*-10101/);
    const token = new StateDir(dir).readJson<Enrolment>('agent.json')!.token;
    expect(token).not.toBe(first.token);
    expect(token).not.toBe(other.token);
    expect(await engine.stop()).toMatchObject({ reason: 'signal', exitCode: 0 });
  });

  it('displaced by a re-enrolment the console allowed, the old engine goes on protecting and says what to do', async () => {
    const fingerprint = randomBytes(32).toString('hex');
    const dir = path.join(real.root, 'old-image');
    const first = await enrol({ url: real.url, secret: real.secret, dir, fingerprint });
    const engine = start(dir);
    await engine.checkedInSince('');

    // The machine re-imaged (a new state directory, no key): refused until the console allows it.
    const fresh = path.join(real.root, 'new-image');
    await expect(
      enrol({ url: real.url, secret: real.secret, dir: fresh, fingerprint }),
    ).rejects.toMatchObject({ errCode: AgentErr.ReenrolNotProven });
    const allowed = await real.op<{ until: string }>('/dv/m/reenrol/allow', { id: first.deviceId });
    expect(allowed.body.success).toBe(true);
    const reimaged = await enrol({ url: real.url, secret: real.secret, dir: fresh, fingerprint });
    expect(reimaged.deviceId).toBe(first.deviceId);

    await until(() => engine.lines.some((l) => /PROTECTION GOES ON WITHOUT THE CONSOLE/.test(l)));
    await until(() => engine.lines.some((l) => /still refused/.test(l)));
    expect(engine.outcome()).toBeUndefined();
    const said = engine.lines.find((l) => /PROTECTION GOES ON/.test(l))!;
    expect(said).toMatch(/-10101.*-10106.*allows its re-enrolment/);
    expect(await engine.stop()).toMatchObject({ reason: 'signal', exitCode: 0 });

    // The re-imaged engine checks in as the device.
    const next = start(fresh);
    await next.checkedInSince('');
    expect(await next.stop()).toMatchObject({ reason: 'signal', exitCode: 0 });
  });

  it('simulated engines prove themselves too: a rerun with the same seed enrols the same devices', async () => {
    const run = () =>
      createSimulator({
        url: real.url,
        secret: real.secret,
        count: 20,
        durationSeconds: 1,
        seed: 'reenrol-rerun',
        push: false,
        reportSeconds: 0,
      }).run();
    const first = await run();
    const again = await run();
    for (const summary of [first, again]) {
      expect(summary).toMatchObject({ enrolled: 20, enrolErrors: {} });
      expect(summary.enrolKeyMs).toBeGreaterThanOrEqual(0);
    }
  });
});
