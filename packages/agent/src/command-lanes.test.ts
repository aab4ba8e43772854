import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandLanes, READERS_MAX } from './command-lanes.ts';
import { Dispatcher, type Dispatched } from './ops.ts';
import { StateDir } from './state-dir.ts';

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
