import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZLogEntry } from '@edp/shared/contracts/logs';
import { enrol, runEngine, type Enrolment } from './engine.ts';
import { StateDir } from './state-dir.ts';
import { LogOutbox, type LogEvent } from './log-outbox.ts';
import { LogSender } from './log-sender.ts';
import { ProtocolClient } from './client.ts';
import { ops } from './ops.ts';
import { makeVendor } from './test/licence-fixture.ts';
import { startFakeConsole, type FakeConsole } from './test/fake-console.ts';

/**
 * The log outbox and its sending, against a console that answers as docs/engines.md says
 * (test/fake-log-store.ts): numbering, a restart, forgetting what is acked, resending from
 * acked + 1, the cap, a new stream after the state is lost, two processes appending at once.
 */
let root: string;
let fake: FakeConsole;
let n = 0;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-logs-'));
  fake = await startFakeConsole();
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  fake.logsMode = 'store';
});

const access = (i: number): Extract<LogEvent, { kind: 'access' }> => ({
  kind: 'access',
  outcome: i % 10 ? 'allowed' : 'denied',
  operation: 'read',
  program: '/usr/bin/cat',
  user: 'alice',
  path: `/srv/data/file-${i}.txt`,
});
const events = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => access(from + i));

/** An enrolled engine's state directory, a sender and the fake console's device. */
async function engine() {
  const dir = path.join(root, `state-${++n}`);
  await enrol({ url: fake.url, secret: fake.secret, dir, fingerprint: fingerprint() });
  const state = new StateDir(dir);
  const { token, deviceId } = state.readJson<Enrolment>('agent.json')!;
  const client = new ProtocolClient(fake.url, { connections: 1, timeoutMs: 2_000 });
  const lines: string[] = [];
  const outbox = new LogOutbox(state);
  const sender = new LogSender(outbox, client, token, (l) => lines.push(l));
  return { dir, state, outbox, sender, deviceId, lines, close: () => client.close() };
}

/** Each engine its own device in the fake console (it keys devices by fingerprint). */
const fingerprint = () => createHash('sha256').update(`logs-${++n}`).digest('hex');
const seqs = (list: { seq: number }[]) => list.map((e) => e.seq);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the log outbox', () => {
  it('numbers events from 1 in a random stream and keeps them across a restart', () => {
    const state = new StateDir(path.join(root, 'numbers'));
    expect(new LogOutbox(state).status()).toMatchObject({ stream: null, waiting: 0 });
    expect(fs.existsSync(state.root)).toBe(false); // looking makes nothing
    expect(new LogOutbox(state).append(events(3))).toEqual([1, 2, 3]);
    const { stream } = state.readJson<{ stream: string }>('logs.json')!;
    expect(stream).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Another instance (a restart) reads the same outbox and goes on numbering.
    const again = new LogOutbox(state);
    expect(again.append(events(2, 4))).toEqual([4, 5]);
    const waiting = again.waiting();
    expect(seqs(waiting)).toEqual([1, 2, 3, 4, 5]);
    for (const e of waiting) expect(ZLogEntry.safeParse(e).success).toBe(true);
    expect(again.batch()).toMatchObject({ stream, held: 1 });
    expect(again.status()).toMatchObject({ stream, acked: 0, held: 1, next: 6, waiting: 5 });
  });

  it('cuts fields to the contract and drops what still fails it', () => {
    const state = new StateDir(path.join(root, 'cut'));
    const outbox = new LogOutbox(state);
    const long = '/srv/' + 'x'.repeat(2_000);
    expect(outbox.append([{ ...access(1), path: long, user: 'u'.repeat(300) }])).toEqual([1]);
    expect(outbox.waiting()[0]).toMatchObject({ path: long.slice(0, 1024), user: 'u'.repeat(128) });
    expect(
      outbox.append([{ kind: 'dpi', change: 'altered', path: '/a', sha256: 'nothex' }]),
    ).toEqual([]);
    expect(outbox.status()).toMatchObject({ next: 2, dropped: 1 });
  });

  it('a line cut by a crash costs that event only: numbering goes on without a gap', () => {
    const state = new StateDir(path.join(root, 'torn'));
    const outbox = new LogOutbox(state);
    outbox.append(events(2));
    fs.appendFileSync(state.path('logs.jsonl'), '{"seq":3,"at":"2026-');
    expect(outbox.append(events(1, 3))).toEqual([3]);
    expect(seqs(outbox.waiting())).toEqual([1, 2, 3]);
  });

  it('an unreadable logs.json is a lost state: a new stream, the old lines dropped and counted', () => {
    const state = new StateDir(path.join(root, 'garbled'));
    const outbox = new LogOutbox(state);
    outbox.append(events(2));
    const { stream } = outbox.status();
    fs.writeFileSync(state.path('logs.json'), '{"stream":');
    expect(outbox.append(events(1, 3))).toEqual([1]);
    expect(outbox.status()).toMatchObject({ next: 2, waiting: 1, dropped: 2 });
    expect(outbox.status().stream).not.toBe(stream);
  });

  it('drops the oldest beyond its cap, counts them, and tells the console where it resumes', async () => {
    const e = await engine();
    const small = new LogOutbox(e.state, 10);
    small.append(events(15));
    expect(small.status()).toMatchObject({ held: 6, next: 16, waiting: 10, dropped: 5 });
    const sender = new LogSender(
      small,
      new ProtocolClient(fake.url),
      e.state.readJson<Enrolment>('agent.json')!.token,
      () => {},
    );
    await sender.kick(true);
    expect(seqs(fake.logs.of(e.deviceId))).toEqual(range(6, 15));
    expect(small.status()).toMatchObject({ acked: 15, waiting: 0, dropped: 5 });
    e.close();
  });

  it('three processes appending at once get every number once, without a gap', async () => {
    const dir = path.join(root, 'two');
    const script = `
      import { StateDir } from './src/state-dir.ts';
      import { LogOutbox } from './src/log-outbox.ts';
      const outbox = new LogOutbox(new StateDir(${JSON.stringify(dir)}));
      for (let i = 0; i < 300; i++)
        outbox.append([{ kind: 'tde', change: 'encrypted', path: '/srv/p' + process.pid + '/' + i }]);
    `;
    const run = () =>
      new Promise<number>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', script],
          {
            cwd: path.resolve(import.meta.dirname, '..'),
            stdio: 'inherit',
          },
        );
        child.on('exit', (code) => resolve(code ?? -1));
      });
    expect(await Promise.all([run(), run(), run()])).toEqual([0, 0, 0]);
    const waiting = new LogOutbox(new StateDir(dir)).waiting();
    expect(seqs(waiting)).toEqual(range(1, 900));
  }, 30_000);

  it('takes over the lock of a process that died holding it', () => {
    const state = new StateDir(path.join(root, 'stale'));
    state.ensure();
    // A pid no process has (above the kernel's pid_max), left 10 s ago.
    fs.writeFileSync(state.path('logs.lock'), '4194305');
    const old = new Date(Date.now() - 10_000);
    fs.utimesSync(state.path('logs.lock'), old, old);
    expect(new LogOutbox(state).append(events(1))).toEqual([1]);
    expect(fs.existsSync(state.path('logs.lock'))).toBe(false);
  });
});

describe('sending the log outbox', () => {
  it('sends batches of at most 500 and forgets what the console acked', async () => {
    const e = await engine();
    e.outbox.append(events(1_234));
    await e.sender.kick(true);
    const batches = fake.logs.batches.filter((b) => b.deviceId === e.deviceId);
    expect(batches.map((b) => b.batch.entries.length)).toEqual([500, 500, 234]);
    expect(batches.map((b) => b.batch.held)).toEqual([1, 501, 1_001]);
    expect(seqs(fake.logs.of(e.deviceId))).toEqual(range(1, 1_234));
    expect(e.outbox.status()).toMatchObject({ acked: 1_234, held: 1_235, waiting: 0, next: 1_235 });
    // Everything acked: the file is emptied, and numbering goes on.
    expect(fs.readFileSync(e.state.path('logs.jsonl'), 'utf8')).toBe('');
    expect(e.outbox.append(events(1))).toEqual([1_235]);
    e.close();
  });

  it('a batch whose answer was lost is sent again and stored once', async () => {
    const e = await engine();
    e.outbox.append(events(5));
    fake.logsMode = 'drop'; // stored, then the connection is cut
    await e.sender.kick(true);
    expect(seqs(fake.logs.of(e.deviceId))).toEqual(range(1, 5));
    expect(e.outbox.status()).toMatchObject({ acked: 0, waiting: 5 });
    expect(e.lines.join('\n')).toMatch(/logs not sent: .*next check-in/);
    // Paused until the next check-in: a new event does not call the console.
    fake.logsMode = 'store';
    const calls = fake.logs.batches.length;
    e.outbox.append(events(1, 6));
    await e.sender.kick();
    expect(fake.logs.batches.length).toBe(calls);
    await e.sender.kick(true);
    expect(seqs(fake.logs.of(e.deviceId))).toEqual(range(1, 6));
    expect(e.outbox.status()).toMatchObject({ acked: 6, waiting: 0 });
    e.close();
  });

  it('resends from acked + 1 when the console held only part of a batch', async () => {
    const e = await engine();
    e.outbox.append(events(5));
    // The console keeps 1 and 2 only (a node that died mid-batch, then answered from its data).
    const take = fake.logs.take.bind(fake.logs);
    fake.logs.take = (id, batch) => {
      fake.logs.take = take;
      return take(id, { ...batch, entries: batch.entries.slice(0, 2) });
    };
    await e.sender.kick(true);
    const mine = fake.logs.batches.filter((b) => b.deviceId === e.deviceId);
    expect(mine.map((b) => [b.batch.held, seqs(b.batch.entries)])).toEqual([
      [1, [1, 2]],
      [3, [3, 4, 5]],
    ]);
    expect(seqs(fake.logs.of(e.deviceId))).toEqual(range(1, 5));
    e.close();
  });

  it('a console restored from an older backup skips to what the engine holds', async () => {
    const e = await engine();
    e.outbox.append(events(4));
    await e.sender.kick(true);
    // The console lost 3 and 4; the engine forgot them. Its next events resume at 5.
    const d = fake.logs.devices.get(e.deviceId)!;
    d.acked = 2;
    d.entries.splice(2);
    e.outbox.append(events(2, 5));
    await e.sender.kick(true);
    expect(seqs(fake.logs.of(e.deviceId))).toEqual([1, 2, 5, 6]);
    expect(e.outbox.status()).toMatchObject({ acked: 6, waiting: 0 });
    e.close();
  });

  it('starts a new stream at 1 once the state is lost, which the console starts afresh', async () => {
    const e = await engine();
    e.outbox.append(events(3));
    await e.sender.kick(true);
    const first = e.outbox.status().stream;
    fs.rmSync(e.state.path('logs.json'));
    e.outbox.append(events(2, 100));
    const { stream } = e.outbox.status();
    expect(stream).not.toBe(first);
    await e.sender.kick(true);
    expect(fake.logs.devices.get(e.deviceId)).toMatchObject({ stream, acked: 2 });
    expect(fake.logs.of(e.deviceId).map((x) => [x.seq, x.kind === 'access' && x.path])).toEqual([
      [1, '/srv/data/file-100.txt'],
      [2, '/srv/data/file-101.txt'],
    ]);
    e.close();
  });

  it('a console down, or without the call, pauses sending until the next check-in', async () => {
    const e = await engine();
    e.outbox.append(events(2));
    fake.logsMode = 'down';
    await e.sender.kick(true);
    fake.logsMode = '404';
    await e.sender.kick(true);
    await e.sender.kick(true);
    expect(e.lines).toHaveLength(2); // the same failure is logged once
    expect(e.lines[1]).toMatch(/HTTP 404/);
    fake.logsMode = 'store';
    await e.sender.kick(true);
    expect(seqs(fake.logs.of(e.deviceId))).toEqual([1, 2]);
    e.close();
  });
});

describe('the running engine', () => {
  it('sends a DPI finding another process made soon after it is made', async () => {
    const dir = path.join(root, 'running');
    const fp = fingerprint();
    await enrol({ url: fake.url, secret: fake.secret, dir, fingerprint: fp });
    const state = new StateDir(dir);
    const enrolment = state.readJson<Enrolment>('agent.json')!;
    const vendor = makeVendor(root);
    const lic = path.join(root, 'di.lic');
    fs.writeFileSync(lic, vendor.certificate({ kind: 'DI', fingerprint: fp }));
    expect((await ops.installLicence(state, lic, vendor.keyFile)).code).toBe(0);
    const app = path.join(root, 'running-app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'app.conf'), 'mode=safe');
    expect((await ops.protectDpi(state, app)).code).toBe(0);
    const controller = new AbortController();
    const lines: string[] = [];
    const running = runEngine({
      dir,
      signal: controller.signal,
      log: (l) => lines.push(l),
      dpiEverySeconds: 0,
      push: false,
      windowEveryMs: 100,
      secondMs: 20,
    });
    // As `edp-agent verify --dpi` in a shell would: another caller adds the event.
    fs.writeFileSync(path.join(app, 'app.conf'), 'mode=open');
    expect((await ops.verifyDpi(state, app)).detail).toMatchObject({ queued: 1 });
    const until = Date.now() + 5_000;
    while (!fake.logs.of(enrolment.deviceId).length && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await running;
    expect(fake.logs.of(enrolment.deviceId)).toMatchObject([
      { seq: 1, kind: 'dpi', change: 'altered', path: path.join(fs.realpathSync(app), 'app.conf') },
    ]);
    expect(new LogOutbox(state).status()).toMatchObject({ acked: 1, waiting: 0 });
    expect(fake.invalid).toEqual([]);
  });

  it('resumes after the console was down, and after a restart', async () => {
    const e = await engine();
    e.close();
    const start = () => {
      const controller = new AbortController();
      const lines: string[] = [];
      const running = runEngine({
        dir: e.dir,
        signal: controller.signal,
        log: (l) => lines.push(l),
        dpiEverySeconds: 0,
        push: false,
        windowEveryMs: 50,
        secondMs: 20,
      });
      return { lines, stop: () => (controller.abort(), running) };
    };
    const stored = () => seqs(fake.logs.of(e.deviceId));
    const wait = async (cond: () => boolean) => {
      const end = Date.now() + 5_000;
      while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    };
    fake.logsMode = 'down';
    let running = start();
    e.outbox.append(events(3));
    await wait(() => running.lines.some((l) => l.startsWith('logs not sent')));
    // Stopped while the console is down: the events stay in the state directory.
    await running.stop();
    expect(e.outbox.status()).toMatchObject({ acked: 0, waiting: 3 });
    fake.logsMode = 'store';
    running = start();
    e.outbox.append(events(2, 4));
    await wait(() => stored().length === 5);
    await running.stop();
    expect(stored()).toEqual([1, 2, 3, 4, 5]);
    expect(e.outbox.status()).toMatchObject({ acked: 5, waiting: 0 });
  });
});
