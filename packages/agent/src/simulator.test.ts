import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import * as age from 'age-encryption';
import { COMMAND_ANSWERS, type SyncType } from '@edp/shared/contracts/commands';
import { createSimulator, simulatedDataKey, simulatedEngine, type SimReport } from './simulator.ts';
import { startFakeConsole, type FakeConsole } from './test/fake-console.ts';

let fake: FakeConsole;
afterEach(async () => fake?.close());

describe('simulator', () => {
  it("escrows each engine's data key as the engine does, again under a new escrow key", async () => {
    fake = await startFakeConsole({ interval: 1 });
    const identity = await age.generateX25519Identity();
    const next = await age.generateX25519Identity();
    fake.escrowKey = { id: randomUUID(), recipient: await age.identityToRecipient(identity) };
    const reports: SimReport[] = [];
    const simulator = createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 50,
      interval: 1,
      durationSeconds: 3.5,
      reportSeconds: 1,
      offlineShare: 0,
      push: false,
      escrow: true,
      seed: 'escrow-test',
      onReport: (r) => reports.push(r),
      log: () => {},
    });
    const rotated = fake.escrowKey.id;
    const nextRecipient = await age.identityToRecipient(next);
    // The escrow key changes once every key is escrowed: every engine wraps its key again.
    const rotation = setInterval(() => {
      if (fake.escrowed.filter((k) => k.escrow === rotated).length < 50) return;
      clearInterval(rotation);
      fake.escrowKey = { id: randomUUID(), recipient: nextRecipient };
    }, 20);
    const summary = await simulator.run();
    clearInterval(rotation);
    expect(fake.invalid).toEqual([]);
    const escrow = summary.escrow!;
    expect(escrow).toMatchObject({
      keys: 50,
      escrowed: 50,
      escrowKey: fake.escrowKey.id,
      calls: 100,
      acknowledged: 100,
      failed: 0,
      errors: {},
    });
    expect(escrow.latencyMs.count).toBe(100);
    expect(escrow.lastSeconds).toBeGreaterThanOrEqual(escrow.firstSeconds!);
    // Each engine sent its own key once under each escrow key, and it opens with the identity.
    const ids = new Set(
      Array.from({ length: 50 }, (_, i) => simulatedDataKey('escrow-test', i).id),
    );
    for (const under of [rotated, fake.escrowKey.id]) {
      const sent = fake.escrowed.filter((k) => k.escrow === under);
      expect(new Set(sent.map((k) => k.id))).toEqual(ids);
      expect(sent).toHaveLength(50);
    }
    const [first] = fake.escrowed;
    const index = [...ids].indexOf(first!.id);
    const d = new age.Decrypter();
    d.addIdentity(identity);
    expect(Buffer.from(await d.decrypt(age.armor.decode(first!.wrapped)))).toEqual(
      simulatedDataKey('escrow-test', index).key,
    );
    // Once escrowed, check-ins list the key under the current escrow key and send nothing more.
    const last = fake.checkIns.at(-1)!;
    expect(last.state.keys).toEqual([{ id: expect.any(String), escrow: fake.escrowKey.id }]);
    expect(reports.some((r) => r.escrow !== undefined)).toBe(true);
  });

  it('sends a realistic log stream per engine, numbered, in batches, each event stored once', async () => {
    fake = await startFakeConsole({ interval: 30 });
    // The first answers are lost after the console stored them: the engines send them again.
    fake.logsMode = 'drop';
    setTimeout(() => (fake.logsMode = 'store'), 600);
    const reports: SimReport[] = [];
    const summary = await createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 50,
      interval: 30,
      durationSeconds: 2,
      reportSeconds: 1,
      offlineShare: 0,
      push: false,
      logsPerSecond: 2_000,
      logFlushMs: 250,
      logDrainSeconds: 5,
      onReport: (r) => reports.push(r),
      log: () => {},
    }).run();
    const logs = summary.logs!;
    expect(fake.invalid).toEqual([]);
    // About 2,000 a second for 2 s, all held by the console at the end.
    expect(logs.made).toBeGreaterThan(3_000);
    expect(logs.made).toBeLessThan(4_800);
    expect(logs.behind).toBe(0);
    expect(logs.acked).toBe(logs.made);
    expect(logs.resent).toBeGreaterThan(0);
    expect(logs.sent).toBe(logs.acked + logs.resent);
    expect(logs.failed).toBeGreaterThan(0);
    expect(logs.errors).toEqual({ network: logs.failed });
    expect(logs.latencyMs.count).toBe(logs.calls - logs.failed); // the answered ones
    // The console holds each engine's numbers 1 … acked, once each, in batches of at most 500.
    const stored = [...fake.logs.devices.values()];
    expect(stored).toHaveLength(50);
    expect(stored.reduce((n, d) => n + d.entries.length, 0)).toBe(logs.made);
    for (const d of stored) {
      expect(d.entries.map((e) => e.seq)).toEqual(d.entries.map((_, i) => i + 1));
    }
    expect(Math.max(...fake.logs.batches.map((b) => b.batch.entries.length))).toBeLessThanOrEqual(
      500,
    );
    expect(logs.engines.reduce((n, e) => n + e.acked, 0)).toBe(logs.acked);
    // Mostly allowed accesses, some denied, a few changes.
    const all = stored.flatMap((d) => d.entries);
    const share = (f: (e: (typeof all)[number]) => boolean) => all.filter(f).length / all.length;
    expect(share((e) => e.kind === 'access' && e.outcome === 'allowed')).toBeGreaterThan(0.75);
    expect(share((e) => e.kind === 'access' && e.outcome === 'denied')).toBeGreaterThan(0.02);
    expect(share((e) => e.kind !== 'access')).toBeGreaterThan(0.002);
    expect(share((e) => e.kind !== 'access')).toBeLessThan(0.1);
    expect(reports.some((r) => (r.logs?.made ?? 0) > 0)).toBe(true);
  });

  it('enrols 200 engines and keeps them checking in; its counts match what the console saw', async () => {
    fake = await startFakeConsole({ interval: 1 });
    const reports: SimReport[] = [];
    const summary = await createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 200,
      interval: 1,
      durationSeconds: 2,
      reportSeconds: 1,
      offlineShare: 0,
      onReport: (r) => reports.push(r),
      log: () => {},
    }).run();

    expect(fake.invalid).toEqual([]);
    expect(summary.enrolled).toBe(200);
    expect(fake.enrolments).toHaveLength(200);
    expect(new Set(fake.enrolments.map((e) => e.deviceId)).size).toBe(200);
    // Every check-in sent was answered and counted, and the console saw each one.
    expect(summary.checkIns.sent).toBe(fake.checkIns.length);
    expect(summary.checkIns.ok).toBe(summary.checkIns.sent);
    expect(summary.checkIns.failed).toBe(0);
    expect(summary.latencyMs.count).toBe(summary.checkIns.sent);
    // 200 engines at a 1 s interval for 2 s: about 400 check-ins.
    expect(summary.checkIns.sent).toBeGreaterThan(300);
    expect(summary.checkIns.sent).toBeLessThan(520);
    const perDevice = new Map<string, number>();
    for (const c of fake.checkIns) perDevice.set(c.deviceId, (perDevice.get(c.deviceId) ?? 0) + 1);
    expect(perDevice.size).toBe(200);
    // Latency figures are ordered and plausible.
    const l = summary.latencyMs;
    expect(l.p50).toBeGreaterThan(0);
    expect(l.p50).toBeLessThanOrEqual(l.p95);
    expect(l.p95).toBeLessThanOrEqual(l.p99);
    expect(l.p99).toBeLessThanOrEqual(l.max);
    // Reports came every second and their windows add up to no more than the total.
    expect(reports.length).toBeGreaterThanOrEqual(1);
    const windows = reports.reduce((s, r) => s + r.window.sent, 0);
    expect(windows).toBeLessThanOrEqual(summary.checkIns.sent);
    expect(reports.at(-1)!.total.sent).toBe(windows);
  });

  it('spreads the first check-ins over the interval and lets a share go offline', async () => {
    fake = await startFakeConsole({ interval: 2 });
    const summary = await createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 200,
      interval: 2,
      durationSeconds: 1.9,
      offlineShare: 0.1,
      log: () => {},
    }).run();
    // About 20 engines are to go offline at some point of the run; those whose next check-in
    // came after that point did, and sent nothing from then on.
    expect(summary.wentOffline).toBeGreaterThan(0);
    expect(summary.wentOffline).toBeLessThan(50);
    expect(summary.checkIns.sent).toBe(fake.checkIns.length);
    const times = fake.checkIns.map((c) => c.at);
    const start = Math.min(...times);
    const halves = [0, 0];
    for (const t of times) halves[t - start < 1_000 ? 0 : 1]!++;
    // Uniform over 2 s: each half holds roughly half (not a burst at the start).
    expect(halves[0]).toBeGreaterThan(60);
    expect(halves[1]).toBeGreaterThan(60);
  });

  it('counts errors by code and stops engines the console deprecates', async () => {
    fake = await startFakeConsole({ interval: 1 });
    for (let i = 0; i < 30; i++) fake.next.push({ kind: 'error', errCode: -10104, status: 429 });
    for (let i = 0; i < 10; i++) fake.next.push({ kind: 'error', errCode: -10007, status: 500 });
    const simulator = createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 200,
      interval: 1,
      durationSeconds: 2.5,
      offlineShare: 0,
      log: () => {},
    });
    // Devices are numbered in the order they enrol; five are deprecated from the start.
    for (let i = 1; i <= 5; i++) fake.deprecate(`dev-${i}`);
    const summary = await simulator.run();
    expect(summary.checkIns.errors['-10104']).toBe(30);
    expect(summary.checkIns.errors['-10007']).toBe(10);
    expect(summary.checkIns.errors['-10102']).toBe(5);
    expect(summary.stoppedByConsole).toBe(5);
    expect(summary.checkIns.failed).toBe(45);
    expect(summary.checkIns.ok + summary.checkIns.failed).toBe(summary.checkIns.sent);
    // The fake records refused check-ins too, except those of deprecated devices.
    expect(fake.checkIns.length).toBe(summary.checkIns.sent - 5);
  });

  it('follows the answered interval, or holds its own with holdInterval', async () => {
    fake = await startFakeConsole({ interval: 30 });
    const lines: string[] = [];
    const obeying = await createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 50,
      interval: 1,
      durationSeconds: 2.5,
      offlineShare: 0,
      log: (l) => lines.push(l),
    }).run();
    // The console's 30 s interval wins: one check-in each.
    expect(obeying.checkIns.sent).toBe(50);
    expect(lines).toContain('the console answers an interval of 30 s; engines follow it');

    const holding = await createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 50,
      interval: 1,
      holdInterval: true,
      durationSeconds: 2.5,
      offlineShare: 0,
      seed: 'holding',
      log: () => {},
    }).run();
    expect(holding.checkIns.sent).toBeGreaterThanOrEqual(100);
    expect(holding.checkIns.sent).toBeLessThanOrEqual(150);
  });

  it('holds push streams, checks in when nudged, runs the commands a stream carries, and sends results the contract accepts', async () => {
    fake = await startFakeConsole({ interval: 30 });
    const simulator = createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 200,
      interval: 1,
      offlineShare: 0,
      log: () => {},
    });
    const running = simulator.run();
    const until = async (cond: () => boolean) => {
      const end = Date.now() + 10_000;
      while (!cond()) {
        if (Date.now() > end) throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => fake.checkIns.length === 200 && fake.openStreams().length === 200);
    await new Promise((r) => setTimeout(r, 1_000));
    const types: SyncType[] = [
      'view.folder',
      'view.program',
      'program.list',
      'engine.version',
      'engine.watch',
    ];
    const nudged = fake.openStreams().slice(0, 50);
    nudged.forEach((_, i) =>
      fake.next.push({
        kind: 'ok',
        commands: [
          {
            id: `a${i}`,
            type: types[i % types.length]!,
            args: { path: '/data' },
            deadline: Date.now() + 60_000,
          },
          {
            id: `b${i}`,
            type: 'tde.encrypt',
            args: { path: '/data' },
            deadline: Date.now() + 60_000,
          },
        ],
      }),
    );
    for (const id of nudged) expect(fake.nudge(id)).toBe(true);
    await until(() => fake.results.length === 100);
    // Commands on the streams of 50 others: answered with no check-in.
    const carried = fake
      .openStreams()
      .filter((id) => !nudged.includes(id))
      .slice(0, 50);
    carried.forEach((id, i) =>
      fake.pushCommands(id, [
        {
          id: `c${i}`,
          type: types[i % types.length]!,
          args: { path: '/data' },
          deadline: Date.now() + 60_000,
        },
      ]),
    );
    await until(() => fake.results.length === 150);
    simulator.stop();
    const summary = await running;

    expect(fake.invalid).toEqual([]);
    expect(fake.streamRequests.every((r) => r.commands)).toBe(true);
    expect(fake.checkIns.length).toBe(250);
    expect(new Set(fake.checkIns.slice(200).map((c) => c.deviceId))).toEqual(new Set(nudged));
    expect(new Set(fake.results.slice(100).map((r) => r.deviceId))).toEqual(new Set(carried));
    for (const r of fake.results) {
      expect(r).toMatchObject({ code: 0, via: 'results' });
      const i = Number(r.id.slice(1));
      if (!r.id.startsWith('b')) COMMAND_ANSWERS[types[i % types.length]!].parse(r.detail);
    }
    expect(summary.push).toMatchObject({
      enabled: true,
      held: 200,
      maxHeld: 200,
      opened: 200,
      nudges: 50,
      commandEvents: 50,
    });
    expect(summary.commands).toEqual({
      received: 150,
      resultsSent: 150,
      acknowledged: 150,
      resultErrors: {},
    });
    expect(summary.nudgeToResultMs.count).toBe(100);
    expect(summary.nudgeToResultMs.p50).toBeGreaterThan(0);
    expect(summary.nudgeToResultMs.p99).toBeLessThan(1_000);
    expect(summary.checkIns.sent).toBe(250);
  });

  it('plays engines from before the commands on the stream when asked (streamCommands: false)', async () => {
    fake = await startFakeConsole({ interval: 30 });
    const summary = await createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 5,
      interval: 0.5,
      durationSeconds: 1,
      offlineShare: 0,
      streamCommands: false,
      log: () => {},
    }).run();
    expect(summary.push.opened).toBe(5);
    expect(fake.streamRequests.map((r) => r.commands)).toEqual([false, false, false, false, false]);
  });

  it('holds no streams with push off', async () => {
    fake = await startFakeConsole({ interval: 1 });
    const summary = await createSimulator({
      url: fake.url,
      secret: fake.secret,
      count: 20,
      interval: 1,
      durationSeconds: 1.5,
      push: false,
      log: () => {},
    }).run();
    expect(fake.streamRequests).toEqual([]);
    expect(summary.push).toMatchObject({ enabled: false, held: 0, opened: 0 });
    expect(summary.checkIns.ok).toBeGreaterThanOrEqual(20);
  });

  it('makes a realistic fleet, the same for the same seed', () => {
    const fleet = Array.from({ length: 2_000 }, (_, i) => simulatedEngine('test', i));
    const share = (f: (e: (typeof fleet)[number]) => boolean) =>
      fleet.filter(f).length / fleet.length;
    expect(share((e) => e.identity.kind === 'TDE' || e.identity.kind === 'DPI')).toBeGreaterThan(
      0.7,
    );
    expect(share((e) => e.identity.systemType.startsWith('Windows Server'))).toBeGreaterThan(0.1);
    expect(
      share((e) => /Ubuntu|Debian|Red Hat|Rocky|CentOS|Kylin/.test(e.identity.systemType)),
    ).toBeGreaterThan(0.5);
    expect(share((e) => e.state.install === 'installing')).toBeGreaterThan(0.01);
    expect(share((e) => e.state.install === 'failed')).toBeGreaterThan(0.005);
    expect(share((e) => e.state.activation === 'inactive')).toBeGreaterThan(0.1);
    const now = Date.now();
    const left = (e: (typeof fleet)[number]) =>
      e.state.licence ? new Date(e.state.licence.expiresAt as Date).getTime() - now : NaN;
    expect(share((e) => left(e) < 0)).toBeGreaterThan(0.01);
    expect(share((e) => left(e) > 0 && left(e) < 30 * 86_400_000)).toBeGreaterThan(0.03);
    expect(share((e) => e.state.protected!.length > 0)).toBeGreaterThan(0.4);
    expect(simulatedEngine('test', 7, now)).toEqual(simulatedEngine('test', 7, now));
    expect(simulatedEngine('other', 7).identity.fingerprint).not.toBe(
      simulatedEngine('test', 7).identity.fingerprint,
    );
  });
});
