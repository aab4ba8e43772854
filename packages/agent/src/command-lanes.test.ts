import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandLanes, READERS_MAX } from './command-lanes.ts';
import { enrol, runEngine } from './engine.ts';
import { Dispatcher, type Dispatched } from './ops.ts';
import { StateDir } from './state-dir.ts';
import { startFakeConsole } from './test/fake-console.ts';

/**
 * The lanes the engine runs its commands in (issue 34, point 5), with the real dispatcher and
 * state directory: a state-changing step held open stands for a long encryption.
 */
let root: string;
let state: StateDir;
let n = 0;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-lanes-'));
  state = new StateDir(path.join(root, 'state'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const command = (type: string, args: Record<string, unknown> = {}) => ({
  id: `lane-${++n}`,
  type,
  args,
  deadline: Date.now() + 60_000,
});

function lanes() {
  const done: Dispatched[] = [];
  const errors: unknown[] = [];
  const l = new CommandLanes(
    new Dispatcher(state),
    async (d) => void done.push(d),
    (e) => errors.push(e),
  );
  return { l, done, errors, ids: () => done.map((d) => d.result.id) };
}

/** A step of the state-changing lane that lasts until `release()`. */
function held() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { release, step: () => gate };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('command lanes', () => {
  it('answers a reading command while a state-changing one still runs', async () => {
    const { l, ids } = lanes();
    const long = held();
    expect(l.exclusive(long.step)).toBe(true);
    const revoke = command('program.revoke', { path: '/usr/bin/none' });
    const version = command('engine.version');
    l.submit(revoke, 0);
    l.submit(version, 0);
    await settle();
    // The reader went past; the writer waits its turn behind the long step.
    expect(ids()).toEqual([version.id]);
    long.release();
    await l.idle();
    expect(ids()).toEqual([version.id, revoke.id]);
  });

  it('runs state-changing commands one at a time, in the order they came', async () => {
    const { l, done } = lanes();
    const sent = [1, 2, 3].map(() => command('program.revoke', { path: '/usr/bin/none' }));
    for (const c of sent) l.submit(c, 0);
    await l.idle();
    expect(done.map((d) => d.result.id)).toEqual(sent.map((c) => c.id));
  });

  it('does not queue again a command brought again while it waits or runs', async () => {
    const { l, done } = lanes();
    const long = held();
    l.exclusive(long.step);
    const c = command('program.revoke', { path: '/usr/bin/none' });
    l.submit(c, 0);
    l.submit(c, 0);
    long.release();
    await l.idle();
    expect(done.filter((d) => d.result.id === c.id)).toHaveLength(1);
    // Brought after its answer: the recorded result again, not run again.
    l.submit(c, 0);
    await l.idle();
    expect(done.map((d) => [d.result.id, d.repeated])).toEqual([
      [c.id, false],
      [c.id, true],
    ]);
  });

  it(`runs at most ${READERS_MAX} reading commands at once`, async () => {
    // The real dispatcher, counted from outside: how many of its runs overlap.
    let running = 0;
    let most = 0;
    class Counted extends Dispatcher {
      override async run(raw: unknown, consoleNow?: number) {
        most = Math.max(most, ++running);
        await settle();
        try {
          return await super.run(raw, consoleNow);
        } finally {
          running--;
        }
      }
    }
    const l = new CommandLanes(
      new Counted(state),
      async () => {},
      () => {},
    );
    for (let i = 0; i < READERS_MAX * 3; i++) l.submit(command('engine.version'), 0);
    await l.idle();
    expect(most).toBe(READERS_MAX);
  });

  it('starts nothing once stopped; what runs finishes', async () => {
    const { l, done } = lanes();
    const long = held();
    l.exclusive(long.step);
    l.submit(command('program.revoke', { path: '/usr/bin/none' }), 0);
    l.stop();
    long.release();
    await l.idle();
    expect(done).toEqual([]);
    expect(l.exclusive(async () => {})).toBe(false);
  });
});

describe('the engine with a slow command', () => {
  it('goes on checking in and answering other commands while it runs', async () => {
    const fake = await startFakeConsole({ interval: 1 });
    try {
      const dir = path.join(root, 'engine');
      await enrol({ url: fake.url, secret: fake.secret, dir, kind: 'TDE' });
      // A real slow command: engine.upgrade whose download the console refuses twice with 429,
      // which the engine waits out (2 s, then 4 s) before it replaces its file.
      const engineFile = path.join(root, 'edp-agent.mjs');
      fs.writeFileSync(engineFile, '// the engine running\n', { mode: 0o755 });
      fake.engineFile = Buffer.from('// the engine served\n');
      fake.engineBusy = 2;
      const deadline = Date.now() + 60_000;
      const sha256 = createHash('sha256').update(fake.engineFile).digest('hex');
      const upgrade = {
        id: 'up',
        type: 'engine.upgrade',
        args: { version: '9', sha256 },
        deadline,
      };
      const version = { id: 'ver', type: 'engine.version', args: {}, deadline };
      // The console sends an open command again at each check-in, with what is new.
      fake.next.push(
        { kind: 'ok', commands: [upgrade] },
        { kind: 'ok', commands: [upgrade, version] },
      );
      fake.fallback = { kind: 'ok', commands: [upgrade] };
      const lines: string[] = [];
      const outcome = await runEngine({
        dir,
        engineFile,
        push: false,
        watchAccess: false,
        log: (l) => lines.push(l),
      });
      expect(outcome.reason, lines.join('\n')).toBe('upgraded');
      const at = (id: string) => fake.results.find((r) => r.id === id)?.at ?? Infinity;
      // engine.version was answered while the upgrade still waited, and check-ins went on.
      expect(at('ver')).toBeLessThan(at('up'));
      const during = fake.checkIns.filter((c) => c.at > fake.checkIns[0]!.at && c.at < at('up'));
      expect(during.length).toBeGreaterThanOrEqual(3);
      expect(fs.readFileSync(engineFile, 'utf8')).toBe('// the engine served\n');
    } finally {
      await fake.close();
    }
  }, 30_000);
});
