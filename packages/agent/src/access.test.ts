import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { signWindow } from '@edp/shared/window/console-window';
import { AccessWatcher, byHand, currentUser } from './access.ts';
import { files, StateDir } from './state-dir.ts';
import { LogOutbox } from './log-outbox.ts';
import { keepConsoleKey, takeWindow } from './windows.ts';
import { ok } from './codes.ts';

/**
 * The access watch on real processes: what /proc shows of a program holding a protected file
 * open, for reading or writing, and of a program run from a protected folder; the decision on
 * lifting protection by hand.
 */
let root: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-access-')));
});
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

const linux = fs.existsSync('/proc/self/fdinfo');

describe.runIf(linux)('the access watch', () => {
  it('reports each open file of a protected folder once, read or write, with its program and user', async () => {
    const folder = path.join(root, 'ledger');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'a.csv'), 'a');
    fs.writeFileSync(path.join(folder, 'b.csv'), 'b');
    // A copy of sleep run from the protected folder, holding a.csv for reading and b.csv for
    // writing (fds 3 and 4).
    const program = path.join(folder, 'sleeper');
    fs.copyFileSync(fs.realpathSync('/bin/sleep'), program);
    fs.chmodSync(program, 0o755);
    const child = spawn(
      'bash',
      ['-c', `exec 3<'${folder}/a.csv' 4>>'${folder}/b.csv'; exec '${program}' 60`],
      { stdio: 'ignore' },
    );
    children.push(child);
    const watcher = new AccessWatcher();
    let events: ReturnType<AccessWatcher['look']> = [];
    for (let i = 0; i < 100 && events.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
      events = new AccessWatcher().look([folder]);
    }
    const user = currentUser();
    const mine = events.map((e) =>
      e.kind === 'access' ? [e.operation, e.path, e.program, e.user, e.outcome] : [],
    );
    expect(mine).toEqual(
      expect.arrayContaining([
        ['execute', program, program, user, 'allowed'],
        ['read', path.join(folder, 'a.csv'), program, user, 'allowed'],
        ['write', path.join(folder, 'b.csv'), program, user, 'allowed'],
      ]),
    );
    // Seen again while they last: not reported again.
    expect(watcher.look([folder]).length).toBeGreaterThanOrEqual(3);
    expect(watcher.look([folder])).toEqual([]);
    // Nothing of a folder nobody holds.
    const quiet = path.join(root, 'quiet');
    fs.mkdirSync(quiet);
    expect(new AccessWatcher().look([quiet])).toEqual([]);
    child.kill('SIGKILL');
  });
});

describe('lifting protection by hand', () => {
  it('is an access decision on an engine a console manages: denied without a window, allowed with one', async () => {
    const keys = generateKeyPairSync('ed25519');
    const state = new StateDir(path.join(root, 'managed'));
    const fingerprint = 'f'.repeat(64);
    state.writeJson(files.enrolment, { url: 'http://x', deviceId: 'dev-1', token: 't' }, 0o600);
    state.writeJson(files.identity, { fingerprint, kind: 'TDE' });
    const folder = path.join(root, 'shares');
    const lift = () => byHand(state, folder, async () => ok({ path: folder }));
    // No console: nothing decided, nothing reported.
    expect(await lift()).toMatchObject({ code: 0 });
    expect(new LogOutbox(state).waiting()).toEqual([]);

    keepConsoleKey(state, keys.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    expect(await lift()).toMatchObject({ code: -14 });
    const now = Date.now();
    const window = signWindow(
      {
        ...{ ver: 1, id: 'w-1', kind: 'elevation', deviceId: 'dev-1', fingerprint },
        ...{ issuedAt: now, validFrom: now, validUntil: now + 60_000 },
      },
      keys.privateKey,
      keys.publicKey,
    );
    expect(takeWindow(state, window, 'open').code).toBe(0);
    expect(await lift()).toMatchObject({ code: 0 });
    expect(new LogOutbox(state).waiting()).toMatchObject([
      {
        seq: 1,
        kind: 'access',
        outcome: 'denied',
        operation: 'write',
        path: folder,
        user: currentUser(),
      },
      { seq: 2, kind: 'access', outcome: 'allowed', operation: 'write', path: folder },
    ]);
  });
});
