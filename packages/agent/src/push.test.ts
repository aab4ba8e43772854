import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_ANSWERS } from '@edp/shared/contracts/commands';
import { enrol, runEngine, type Enrolment, type RunOptions } from './engine.ts';
import { retryAfterMs } from './push.ts';
import { StateDir } from './state-dir.ts';
import type { CommandResult } from './ops.ts';
import { startFakeConsole, type FakeConsole } from './test/fake-console.ts';

let root: string;
let fake: FakeConsole;
let n = 0;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-push-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(async () => fake?.close());

/** An engine enrolled long ago (so it checks in at once), with a console at `interval` s. */
async function enrolled(interval: number, reuse?: FakeConsole) {
  fake = reuse ?? (await startFakeConsole({ interval }));
  const dir = path.join(root, `state-${++n}`);
  await enrol({ url: fake.url, secret: fake.secret, dir });
  const state = new StateDir(dir);
  const enrolment = state.readJson<Enrolment>('agent.json')!;
  state.writeJson('agent.json', { ...enrolment, enrolledAt: '2020-01-01T00:00:00Z' }, 0o600);
  return { dir, state, deviceId: enrolment.deviceId };
}

function start(dir: string, extra: Partial<RunOptions> = {}) {
  const controller = new AbortController();
  const lines: string[] = [];
  const outcome = runEngine({
    dir,
    signal: controller.signal,
    log: (l) => lines.push(l),
    dpiEverySeconds: 0,
    ...extra,
  });
  return {
    lines,
    stop: async () => {
      controller.abort();
      return outcome;
    },
  };
}

async function until(cond: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const deadline = () => Date.now() + 60_000;

describe('the push stream', () => {
  it('checks in when nudged, never within a second of the last check-in', async () => {
    const { dir, deviceId } = await enrolled(30);
    const engine = start(dir);
    await until(() => fake.checkIns.length === 1 && fake.openStreams().includes(deviceId));
    const stream = fake.streamRequests[0]!;
    expect(stream.status).toBe(200);
    // A nudge right after a check-in: served one second after it, not sooner.
    const first = fake.checkIns[0]!.at;
    expect(fake.nudge(deviceId)).toBe(true);
    await until(() => fake.checkIns.length === 2, 3_000);
    const second = fake.checkIns[1]!.at;
    expect(second - first).toBeGreaterThanOrEqual(1_000);
    expect(second - first).toBeLessThan(1_300);
    // A nudge a while after: served at once.
    await sleep(1_100);
    const nudged = Date.now();
    fake.nudge(deviceId);
    await until(() => fake.checkIns.length === 3, 3_000);
    expect(fake.checkIns[2]!.at - nudged).toBeLessThan(200);
    expect(await engine.stop()).toMatchObject({ reason: 'signal', exitCode: 0 });
    // Stopped cleanly: the stream is closed too.
    await until(() => fake.openStreams().length === 0, 2_000);
    expect(fake.invalid).toEqual([]);
  });

  it('runs the commands a nudge brings and sends their results at once', async () => {
    const { dir, state, deviceId } = await enrolled(30);
    const engine = start(dir);
    await until(() => fake.checkIns.length === 1 && fake.openStreams().length === 1);
    await sleep(1_000);
    fake.next.push({
      kind: 'ok',
      commands: [{ id: 'v1', type: 'view.folder', args: { path: root }, deadline: deadline() }],
    });
    const nudged = Date.now();
    fake.nudge(deviceId);
    await until(() => fake.results.length === 1, 3_000);
    const [result] = fake.results;
    expect(result).toMatchObject({ id: 'v1', code: 0, via: 'results', deviceId });
    expect(result!.at - nudged).toBeLessThan(500);
    expect(COMMAND_ANSWERS['view.folder'].parse(result!.detail).path).toBe(root);
    // Acknowledged: nothing left to send, and the next check-in carries nothing.
    await until(() => state.readJson<CommandResult[]>('outbox.json')?.length === 0, 2_000);
    await sleep(1_000);
    fake.nudge(deviceId);
    await until(() => fake.checkIns.length === 3, 3_000);
    expect(fake.checkIns[2]!.results).toEqual([]);
    await engine.stop();
  });

  it('runs the commands the stream carries at once, without a check-in, even right after one', async () => {
    const { dir, deviceId } = await enrolled(30);
    const engine = start(dir);
    await until(() => fake.checkIns.length === 1 && fake.openStreams().includes(deviceId));
    expect(fake.streamRequests[0]).toMatchObject({ status: 200, commands: true });
    // Five in a row, the first within the second after the check-in: none waits for it.
    for (let i = 0; i < 5; i++) {
      const sent = Date.now();
      expect(
        fake.pushCommands(deviceId, [
          { id: `s${i}`, type: 'view.folder', args: { path: root }, deadline: deadline() },
        ]),
      ).toBe(true);
      await until(() => fake.results.length === i + 1, 3_000);
      expect(fake.results[i]).toMatchObject({ id: `s${i}`, code: 0, via: 'results', deviceId });
      expect(fake.results[i]!.at - sent).toBeLessThan(300);
    }
    expect(fake.results[0]!.at - fake.checkIns[0]!.at).toBeLessThan(1_000);
    // The deadline is read on the console's clock the event gives: past it, -31, not run.
    fake.pushCommands(
      deviceId,
      [{ id: 'late', type: 'engine.version', args: {}, deadline: Date.now() + 60_000 }],
      Date.now() + 120_000,
    );
    await until(() => fake.results.length === 6, 3_000);
    expect(fake.results[5]).toMatchObject({ id: 'late', code: -31 });
    expect(fake.checkIns).toHaveLength(1);
    // An event that does not parse asks for a check-in instead (a second after the last).
    fake.pushCommands(deviceId, { data: '{"now":"soon"}' });
    await until(() => fake.checkIns.length === 2, 3_000);
    await engine.stop();
    expect(fake.invalid).toEqual([]);
  });

  it('opens the stream again a second after the console drops it', async () => {
    const { dir, deviceId } = await enrolled(30);
    const engine = start(dir, { random: () => 0.5 });
    await until(() => fake.openStreams().length === 1);
    fake.dropStreams();
    const dropped = Date.now();
    await until(() => fake.openStreams().length === 1, 3_000);
    const again = fake.streamRequests[1]!.at - dropped;
    expect(again).toBeGreaterThanOrEqual(950);
    expect(again).toBeLessThan(1_300);
    // The new stream works.
    await sleep(200);
    const before = fake.checkIns.length;
    fake.nudge(deviceId);
    await until(() => fake.checkIns.length === before + 1, 2_000);
    await engine.stop();
  });

  it('backs off 1 s, 2 s, 4 s … while streams are cut at once', async () => {
    const { dir } = await enrolled(30);
    fake.streamMode = 'drop';
    fake.dropAfterMs = 20;
    const engine = start(dir, { random: () => 0.5 });
    await sleep(3_500);
    await engine.stop();
    const times = fake.streamRequests.map((r) => r.at);
    expect(times).toHaveLength(3);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(1_000);
    expect(gaps[0]).toBeLessThan(1_250);
    expect(gaps[1]).toBeGreaterThanOrEqual(2_000);
    expect(gaps[1]).toBeLessThan(2_250);
  });

  it('keeps checking in at its interval when the console has no stream (404) or refuses it (401)', async () => {
    for (const mode of ['404', '401'] as const) {
      const { dir } = await enrolled(1);
      fake.streamMode = mode;
      const engine = start(dir, { random: () => 0.5 });
      await sleep(3_300);
      expect(await engine.stop()).toMatchObject({ reason: 'signal', exitCode: 0 });
      expect(fake.checkIns.length).toBeGreaterThanOrEqual(3);
      // Tried again with back-off (at 0, 1 s and 3 s), and said so once.
      expect(fake.streamRequests.map((r) => r.status)).toEqual([+mode, +mode, +mode]);
      const said = mode === '404' ? 'push stream not offered' : 'push stream refused';
      expect(engine.lines.filter((l) => l.startsWith(said))).toHaveLength(1);
      await fake.close();
    }
  });

  it("waits out the console's Retry-After when it is out of files for streams (503), checking in meanwhile", async () => {
    const { dir } = await enrolled(1);
    fake.streamMode = '503';
    fake.streamRetryAfter = '2';
    const engine = start(dir, { random: () => 0.5 });
    await sleep(5_700);
    expect(await engine.stop()).toMatchObject({ reason: 'signal', exitCode: 0 });
    expect(fake.checkIns.length).toBeGreaterThanOrEqual(4);
    // Asked again after 2 s × 1.25 (not the back-off's 1 s, 2 s), then the longer of the two.
    const times = fake.streamRequests.map((r) => r.at);
    expect(fake.streamRequests.map((r) => r.status)).toEqual([503, 503, 503]);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(2_500);
      expect(gap).toBeLessThan(2_800);
    }
    expect(engine.lines.filter((l) => l.startsWith('push stream refused: HTTP 503'))).toHaveLength(
      1,
    );
  });

  it('reads Retry-After in seconds or as a date, and heeds at most an hour of it', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(retryAfterMs('60', now)).toBe(60_000);
    expect(retryAfterMs(['5'], now)).toBe(5_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('86400', now)).toBe(3_600_000);
    for (const none of [undefined, '', '0', 'soon', 'Sun, 29 Nov 2026 09:00:00 GMT'])
      expect(retryAfterMs(none, now)).toBeUndefined();
  });

  it('holds no stream with push off', async () => {
    const { dir } = await enrolled(1);
    const engine = start(dir, { push: false });
    await until(() => fake.checkIns.length >= 2, 3_000);
    await engine.stop();
    expect(fake.streamRequests).toEqual([]);
  });
});

describe('results', () => {
  it('keeps unacknowledged results across a restart and drops them once acknowledged', async () => {
    const { dir, state } = await enrolled(1);
    // A console from before issue 23: no results call, no acknowledgements.
    fake.resultsMode = 'ignore';
    fake.next.push({
      kind: 'ok',
      commands: [{ id: 'w1', type: 'engine.watch', args: {}, deadline: deadline() }],
    });
    let engine = start(dir, { push: false });
    await until(() => fake.checkIns.length >= 3, 5_000);
    await engine.stop();
    // Sent with every check-in after it ran, and kept.
    expect(fake.checkIns[1]!.results.map((r) => r.id)).toEqual(['w1']);
    expect(fake.checkIns[2]!.results.map((r) => r.id)).toEqual(['w1']);
    expect(state.readJson<CommandResult[]>('outbox.json')!.map((r) => r.id)).toEqual(['w1']);
    expect(engine.lines.filter((l) => /does not take results between/.test(l))).toHaveLength(1);

    // Restarted against a console that acknowledges: the first check-in carries it, and it is gone.
    fake.resultsMode = 'ack';
    const seen = fake.checkIns.length;
    engine = start(dir, { push: false });
    await until(() => fake.checkIns.length >= seen + 2, 5_000);
    await engine.stop();
    expect(fake.checkIns[seen]!.results.map((r) => r.id)).toEqual(['w1']);
    expect(fake.checkIns[seen + 1]!.results).toEqual([]);
    expect(state.readJson<CommandResult[]>('outbox.json')).toEqual([]);
  });

  it('answers a command delivered again with its recorded result, without running it again', async () => {
    const { dir, state } = await enrolled(1);
    const folder = path.join(root, `again-${n}`);
    fs.mkdirSync(folder);
    const protect = { id: 's1', type: 'se.protect', args: { path: folder }, deadline: deadline() };
    fake.next.push({ kind: 'ok', commands: [protect] }, { kind: 'ok', commands: [protect] });
    const engine = start(dir, { push: false });
    await until(() => fake.results.length >= 2, 5_000);
    await engine.stop();
    // The second delivery would have answered -20 (already protected) had it run again.
    expect(fake.results.slice(0, 2).map((r) => [r.id, r.code])).toEqual([
      ['s1', 0],
      ['s1', 0],
    ]);
    expect(state.readLines<CommandResult>('results.jsonl').map((r) => r.id)).toEqual(['s1']);
    expect(engine.lines.some((l) => /s1 se.protect: 0 .*answered before/.test(l))).toBe(true);
    fs.chmodSync(folder, 0o755);
  });

  it('answers -31 for a command whose deadline has passed', async () => {
    const { dir } = await enrolled(1);
    const folder = path.join(root, `late-${n}`);
    fs.mkdirSync(folder);
    fake.next.push({
      kind: 'ok',
      commands: [
        { id: 'late', type: 'se.protect', args: { path: folder }, deadline: Date.now() - 1_000 },
      ],
    });
    const engine = start(dir, { push: false });
    await until(() => fake.results.length >= 1, 5_000);
    await engine.stop();
    expect(fake.results[0]).toMatchObject({ id: 'late', code: -31 });
    expect(fs.statSync(folder).mode & 0o200).not.toBe(0);
  });
});
