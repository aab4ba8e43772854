import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_ANSWERS } from '@edp/shared/contracts/commands';
import { signWindow, type TWindowPayload } from '@edp/shared/window/console-window';
import { Dispatcher } from './ops.ts';
import { files, StateDir } from './state-dir.ts';
import { keepConsoleKey, openWindows, requireElevation, takeWindow } from './windows.ts';
import { learnOnce } from './learning.ts';
import { engineWatch } from './info.ts';

/**
 * Elevation and learning-mode windows on the engine (docs/engines-agent.md): signed by the
 * console's key kept at enrolment, ended by themselves, adjusted, never taken back from an older
 * text; learning mode's look at /proc on real processes.
 */
let root: string;
let state: StateDir;
const consoleKeys = generateKeyPairSync('ed25519');
const otherKeys = generateKeyPairSync('ed25519');
const deviceId = 'dev-1';
const fingerprint = 'f'.repeat(64);
let n = 0;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-windows-'));
  state = new StateDir(path.join(root, 'state'));
  state.writeJson(files.enrolment, { url: 'http://x', deviceId, token: 't', interval: 30 }, 0o600);
  state.writeJson(files.identity, { fingerprint, kind: 'TDE' });
  keepConsoleKey(state, consoleKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString());
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function windowText(p: Partial<TWindowPayload>, keys = consoleKeys) {
  const now = Date.now();
  return signWindow(
    {
      ver: 1,
      id: 'w-1',
      kind: 'elevation',
      deviceId,
      fingerprint,
      issuedAt: now,
      validFrom: now,
      validUntil: now + 60_000,
      ...p,
    },
    keys.privateKey,
    keys.publicKey,
  );
}
const run = (type: string, args: Record<string, unknown>) =>
  new Dispatcher(state).run({ id: `c-${++n}`, type, args, deadline: Date.now() + 60_000 });
const codeOf = (f: () => unknown) => {
  try {
    f();
    return 0;
  } catch (err) {
    return (err as { code: number }).code;
  }
};

describe('elevation windows', () => {
  it('opens a window the console signed, needs it to lift protection by hand, and ends it by itself', async () => {
    expect(codeOf(() => requireElevation(state, 'unprotect'))).toBe(-14);
    const now = Date.now();
    const open = await run('window.open', {
      window: windowText({ id: 'e-1', issuedAt: now, validFrom: now, validUntil: now + 30_000 }),
    });
    expect(open?.result).toMatchObject({ code: 0, detail: { id: 'e-1', kind: 'elevation' } });
    expect(codeOf(() => requireElevation(state, 'unprotect'))).toBe(0);
    const watch = await engineWatch(state);
    expect(COMMAND_ANSWERS['engine.watch'].parse(watch.detail).windows).toEqual([
      expect.objectContaining({ id: 'e-1', kind: 'elevation' }),
    ]);
    // Its end passes (a clock 31 s on): it closes by itself, and is dropped from the file.
    const later = now + 31_000;
    expect(openWindows(state, later).closed.map((w) => w.id)).toEqual(['e-1']);
    expect(codeOf(() => requireElevation(state, 'unprotect', later))).toBe(-14);
    expect(state.readJson<{ open: unknown[] }>(files.windows)?.open).toEqual([]);
  });

  it('shortens a running window, and never takes an older text of it again', async () => {
    const now = Date.now();
    const first = windowText({
      id: 'e-2',
      issuedAt: now,
      validFrom: now,
      validUntil: now + 600_000,
    });
    expect((await run('window.open', { window: first }))?.result.code).toBe(0);
    const shorter = windowText({
      id: 'e-2',
      issuedAt: now + 1,
      validFrom: now,
      validUntil: now + 5_000,
    });
    const adjusted = await run('window.adjust', { window: shorter });
    expect(COMMAND_ANSWERS['window.adjust'].parse(adjusted?.result.detail).validUntil).toBe(
      new Date(now + 5_000).toISOString(),
    );
    // The first text again (a replay) would give the 10 minutes back: refused.
    expect((await run('window.open', { window: first }))?.result.code).toBe(-31);
    // Ended now: closed, and adjusting it again finds nothing open.
    const ended = windowText({ id: 'e-2', issuedAt: now + 2, validFrom: now, validUntil: now });
    expect((await run('window.adjust', { window: ended }))?.result.code).toBe(0);
    expect(openWindows(state).open).toEqual([]);
    expect((await run('window.adjust', { window: shorter }))?.result.code).toBe(-31);
    const never = windowText({ id: 'e-9', issuedAt: now + 3 });
    expect((await run('window.adjust', { window: never }))?.result.code).toBe(-33);
  });

  it('refuses a window signed by another key, for another device, or over before it came', () => {
    expect(codeOf(() => takeWindow(state, windowText({ id: 'x1' }, otherKeys), 'open'))).toBe(-42);
    expect(
      codeOf(() => takeWindow(state, windowText({ id: 'x2', deviceId: 'dev-2' }), 'open')),
    ).toBe(-42);
    expect(
      codeOf(() =>
        takeWindow(state, windowText({ id: 'x3', fingerprint: 'a'.repeat(64) }), 'open'),
      ),
    ).toBe(-42);
    expect(codeOf(() => takeWindow(state, 'garbage', 'open'))).toBe(-42);
    const past = Date.now() - 1000;
    expect(
      codeOf(() => takeWindow(state, windowText({ id: 'x4', validUntil: past }), 'open')),
    ).toBe(-31);
    const bare = new StateDir(path.join(root, 'bare'));
    bare.ensure();
    expect(codeOf(() => takeWindow(bare, windowText({ id: 'x5' }), 'open'))).toBe(-9);
    // An engine no console manages lifts protection by hand as before.
    expect(codeOf(() => requireElevation(bare, 'unprotect'))).toBe(0);
  });
});

describe('learning mode', () => {
  let child: ChildProcess | undefined;
  afterAll(() => child?.kill('SIGKILL'));

  it.runIf(process.platform === 'linux')(
    'records the program holding a protected file open, and authorises it in one step with its recorded hash',
    async () => {
      const folder = path.join(root, 'finance');
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, 'ledger.csv'), 'a,b\n');
      state.writeJson(files.protected, [
        { path: folder, mode: 'se', since: new Date().toISOString() },
      ]);
      // A program of its own (a copy of sleep), holding the file open as fd 3.
      const program = path.join(root, 'ledger-reader');
      fs.copyFileSync(fs.realpathSync('/bin/sleep'), program);
      fs.chmodSync(program, 0o755);
      child = spawn('bash', ['-c', `exec 3<'${folder}/ledger.csv'; exec '${program}' 60`], {
        stdio: 'ignore',
      });
      const now = Date.now();
      // No learning window: nothing is recorded.
      expect(await learnOnce(state, now)).toBe(0);
      const lm = windowText({ id: 'l-1', kind: 'learning', issuedAt: now, validFrom: now });
      expect((await run('window.open', { window: lm }))?.result.code).toBe(0);
      let seen = 0;
      for (let i = 0; i < 50 && !seen; i++) {
        await new Promise((r) => setTimeout(r, 100));
        await learnOnce(state);
        const list = COMMAND_ANSWERS['learning.list'].parse(
          (await run('learning.list', {}))?.result.detail,
        );
        seen = list.programs.filter((p) => p.path === program).length;
      }
      const list = COMMAND_ANSWERS['learning.list'].parse(
        (await run('learning.list', {}))?.result.detail,
      );
      const sha = createHash('sha256').update(fs.readFileSync(program)).digest('hex');
      expect(list.learning?.id).toBe('l-1');
      expect(list.programs.find((p) => p.path === program)).toMatchObject({
        sha256: sha,
        folders: [folder],
        authorised: false,
      });
      const done = COMMAND_ANSWERS['learning.authorise'].parse(
        (await run('learning.authorise', { paths: [program, '/no/such/program'] }))?.result.detail,
      );
      expect(done.authorised.map((p) => [p.path, p.sha256])).toEqual([[program, sha]]);
      expect(done.refused).toEqual([{ path: '/no/such/program', code: -17 }]);
      // Authorised already; then changed since it was recorded: refused, not authorised blind.
      const again = await run('learning.authorise', { paths: [program] });
      expect(again?.result.detail).toMatchObject({ refused: [{ path: program, code: -22 }] });
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      fs.appendFileSync(program, 'x');
      const changed = await run('learning.authorise', { paths: [program] });
      expect(changed?.result.detail).toMatchObject({ refused: [{ path: program, code: -5 }] });
    },
  );
});
