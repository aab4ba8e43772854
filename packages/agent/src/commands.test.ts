import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMAND_ANSWERS,
  COMMAND_TYPES as CONTRACT_TYPES,
  FOLDER_ENTRIES_MAX,
  type SyncType,
  type TCommandAnswer,
} from '@edp/shared/contracts/commands';
import { RESULT_DETAIL_MAX_BYTES, ZCommandResult } from '@edp/shared/contracts/agent';
import { COMMAND_TYPES, Dispatcher, fitDetail, ops, type CommandResult } from './ops.ts';
import { StateDir } from './state-dir.ts';
import { machineFingerprint, ENGINE_VERSION } from './identity.ts';
import { LogOutbox } from './log-outbox.ts';
import { engineState } from './engine.ts';
import { makeVendor } from './test/licence-fixture.ts';

let root: string;
let state: StateDir;
let n = 0;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-commands-'));
  state = new StateDir(path.join(root, 'state'));
  const vendor = makeVendor(root);
  const lic = path.join(root, 'dpi.lic');
  fs.writeFileSync(lic, vendor.certificate({ kind: 'DPI', fingerprint: machineFingerprint() }));
  expect((await ops.installLicence(state, lic, vendor.keyFile)).code).toBe(0);
});
afterAll(() => {
  // Protected folders keep no write bit: give them back before removing the tree.
  for (const e of walk(root)) fs.chmodSync(e, fs.lstatSync(e).isDirectory() ? 0o755 : 0o644);
  fs.rmSync(root, { recursive: true, force: true });
});

function walk(dir: string): string[] {
  const out: string[] = [dir];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

const modeOf = (p: string) => fs.lstatSync(p).mode & 0o7777;
const modes = (dir: string) =>
  Object.fromEntries(walk(dir).map((p) => [path.relative(dir, p) || '.', modeOf(p)]));

const dispatcher = () => new Dispatcher(state);
const command = (
  type: string,
  args: Record<string, unknown> = {},
  deadline = Date.now() + 60_000,
) => ({
  id: `cmd-${++n}`,
  type,
  args,
  deadline,
});
async function run(type: string, args: Record<string, unknown> = {}): Promise<CommandResult> {
  const done = await dispatcher().run(command(type, args));
  return done!.result;
}

/** A success's detail parses with the contract's answer for its type, as the console reads it. */
function answerOf<T extends SyncType>(type: T, r: CommandResult): TCommandAnswer<T> {
  expect(r.code, r.message).toBe(0);
  expect(ZCommandResult.safeParse(r).success).toBe(true);
  return COMMAND_ANSWERS[type].parse(r.detail) as TCommandAnswer<T>;
}

/** A tree with the modes a real folder has: private files, an executable, a read-only file, a link. */
function makeTree(name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(path.join(dir, 'sub', 'deep'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'a.txt'), 'a');
  fs.writeFileSync(path.join(dir, 'secret.key'), 'k');
  fs.writeFileSync(path.join(dir, 'sub', 'run.sh'), '#!/bin/sh\n');
  fs.writeFileSync(path.join(dir, 'sub', 'deep', 'ro.txt'), 'read only');
  fs.writeFileSync(path.join(root, `${name}-outside.txt`), 'outside');
  fs.symlinkSync(path.join(root, `${name}-outside.txt`), path.join(dir, 'link'));
  fs.chmodSync(path.join(dir, 'secret.key'), 0o600);
  fs.chmodSync(path.join(dir, 'sub', 'run.sh'), 0o755);
  fs.chmodSync(path.join(dir, 'sub', 'deep', 'ro.txt'), 0o444);
  fs.chmodSync(path.join(dir, 'sub'), 0o2750);
  fs.chmodSync(path.join(dir, 'sub', 'deep'), 0o700);
  fs.chmodSync(path.join(dir, 'a.txt'), 0o664);
  fs.chmodSync(path.join(root, `${name}-outside.txt`), 0o666);
  return dir;
}

describe('the command types', () => {
  it('understands every type of the contract', async () => {
    expect([...COMMAND_TYPES].sort()).toEqual([...CONTRACT_TYPES].sort());
    for (const type of CONTRACT_TYPES) {
      expect((await run(type, {})).code, type).not.toBe(-2);
    }
    expect((await run('format.disk')).code).toBe(-2);
  });
});

describe('se.protect / se.unprotect', () => {
  it('removes every write bit below the folder and puts each mode back exactly', async () => {
    const dir = makeTree('se');
    const before = modes(dir);
    const outside = modeOf(path.join(root, 'se-outside.txt'));

    const on = await run('se.protect', { path: dir });
    expect(on).toMatchObject({ code: 0, detail: { path: dir, entries: 7, changed: 6 } });
    const during = modes(dir);
    for (const [rel, mode] of Object.entries(during)) {
      expect(mode & 0o222, rel).toBe(0);
      // Only the write bits changed (setgid, execute and read bits kept).
      expect(mode, rel).toBe(before[rel]! & ~0o222);
    }
    // The link's target, outside the folder, is not touched.
    expect(modeOf(path.join(root, 'se-outside.txt'))).toBe(outside);
    const reported = await engineState(state);
    expect(reported.protected).toContainEqual({ path: dir, mode: 'se', files: 4 });
    expect(await run('se.protect', { path: dir })).toMatchObject({ code: -20 });

    expect(await run('se.unprotect', { path: dir })).toMatchObject({
      code: 0,
      detail: { path: dir, restored: 7, missing: 0 },
    });
    expect(modes(dir)).toEqual(before);
    expect((await engineState(state)).protected.some((p) => p.path === dir)).toBe(false);
    expect(await run('se.unprotect', { path: dir })).toMatchObject({ code: -19 });
  });

  it('finishes a protection stopped half way with the original modes', async () => {
    const dir = makeTree('se-half');
    const before = modes(dir);
    // A first attempt recorded the modes and changed them, then stopped before it listed the
    // folder as protected.
    expect((await ops.protectSe(state, dir)).code).toBe(0);
    const list = JSON.parse(fs.readFileSync(state.path('protected.json'), 'utf8')) as {
      path: string;
    }[];
    state.writeJson(
      'protected.json',
      list.filter((p) => p.path !== dir),
    );
    expect(modeOf(path.join(dir, 'a.txt')) & 0o222).toBe(0);
    // Protecting again finishes it; lifting it puts back the modes from before the first attempt.
    expect((await ops.protectSe(state, dir)).code).toBe(0);
    expect((await ops.unprotectSe(state, dir)).code).toBe(0);
    expect(modes(dir)).toEqual(before);
    expect(fs.readdirSync(state.path('se'))).toEqual([]);
  });

  it('refuses bad paths with the folder codes', async () => {
    const file = path.join(root, 'plain-file');
    fs.writeFileSync(file, 'x');
    expect((await run('se.protect', { path: 'relative/dir' })).code).toBe(-26);
    expect((await run('se.protect', {})).code).toBe(-3);
    expect((await run('se.protect', { path: path.join(root, 'missing') })).code).toBe(-18);
    expect((await run('se.protect', { path: file })).code).toBe(-24);
    expect((await run('se.protect', { path: '/etc' })).code).toBe(-25);
    expect((await run('se.protect', { path: state.root })).code).toBe(-25);
    expect((await run('se.unprotect', { path: path.join(root, 'missing') })).code).toBe(-18);
  });
});

describe('view.folder', () => {
  it('lists folders first then by name, with kinds, sizes, times and protection', async () => {
    const dir = path.join(root, 'view');
    fs.mkdirSync(path.join(dir, 'b-dir'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'a-protected'));
    fs.writeFileSync(path.join(dir, 'a-protected', 'x'), 'x');
    fs.writeFileSync(path.join(dir, 'Z.txt'), '12345');
    fs.writeFileSync(path.join(dir, 'c.bin'), Buffer.alloc(1000));
    fs.symlinkSync('/nowhere', path.join(dir, 'dangling'));
    fs.utimesSync(
      path.join(dir, 'Z.txt'),
      new Date('2024-01-02T03:04:05Z'),
      new Date('2024-01-02T03:04:05Z'),
    );
    expect((await ops.protectSe(state, path.join(dir, 'a-protected'))).code).toBe(0);

    const answer = answerOf('view.folder', await run('view.folder', { path: dir }));
    expect(answer.path).toBe(dir);
    expect(answer.truncated).toBe(false);
    expect(answer.entries.map((e) => [e.name, e.kind, e.protected])).toEqual([
      ['a-protected', 'dir', 'se'],
      ['b-dir', 'dir', null],
      ['Z.txt', 'file', null],
      ['c.bin', 'file', null],
      ['dangling', 'link', null],
    ]);
    const z = answer.entries.find((e) => e.name === 'Z.txt')!;
    expect(z).toMatchObject({ size: 5, modifiedAt: '2024-01-02T03:04:05.000Z' });
    expect(answer.entries.find((e) => e.name === 'c.bin')!.size).toBe(1000);
    await ops.unprotectSe(state, path.join(dir, 'a-protected'));
  });

  it(`answers at most ${FOLDER_ENTRIES_MAX} entries and says it cut the list`, async () => {
    const dir = path.join(root, 'many');
    fs.mkdirSync(dir);
    for (let i = 0; i < FOLDER_ENTRIES_MAX + 5; i++) {
      fs.writeFileSync(path.join(dir, `f${String(i).padStart(4, '0')}`), '');
    }
    fs.mkdirSync(path.join(dir, 'zz-dir'));
    const answer = answerOf('view.folder', await run('view.folder', { path: dir }));
    expect(answer.entries).toHaveLength(FOLDER_ENTRIES_MAX);
    expect(answer.truncated).toBe(true);
    expect(answer.entries[0]!.name).toBe('zz-dir');
    expect(answer.entries[1]!.name).toBe('f0000');
  });

  it('answers -18, -24, -26 and -27', async () => {
    const file = path.join(root, 'view-file');
    fs.writeFileSync(file, 'x');
    expect((await run('view.folder', { path: path.join(root, 'nope') })).code).toBe(-18);
    expect((await run('view.folder', { path: file })).code).toBe(-24);
    expect((await run('view.folder', { path: 'etc' })).code).toBe(-26);
    // System folders may be viewed: viewing changes nothing.
    expect((await run('view.folder', { path: '/etc' })).code).toBe(0);
    if (process.getuid?.() === 0) return; // root reads everything
    const locked = path.join(root, 'locked');
    fs.mkdirSync(locked, { mode: 0o000 });
    expect((await run('view.folder', { path: locked })).code).toBe(-27);
  });
});

describe('programs: view.program, program.authorise / revoke / list', () => {
  it('authorises by path and hash, re-authorises a changed file, revokes, lists', async () => {
    const bin = path.join(root, 'bin');
    fs.mkdirSync(bin);
    const tool = path.join(bin, 'tool');
    fs.writeFileSync(tool, 'version one');
    fs.chmodSync(tool, 0o755);
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');

    const viewed = answerOf('view.program', await run('view.program', { path: tool }));
    expect(viewed).toMatchObject({
      path: tool,
      size: 11,
      sha256: sha('version one'),
      executable: true,
      authorised: false,
    });
    const added = answerOf('program.authorise', await run('program.authorise', { path: tool }));
    expect(added).toMatchObject({ path: tool, sha256: sha('version one') });
    expect(Date.parse(added.addedAt)).toBeGreaterThan(Date.now() - 10_000);
    expect((await run('program.authorise', { path: tool })).code).toBe(-22);
    expect(answerOf('view.program', await run('view.program', { path: tool })).authorised).toBe(
      true,
    );

    // The file changes: no longer authorised until authorised again, which takes the new hash.
    fs.writeFileSync(tool, 'version two!');
    expect(answerOf('view.program', await run('view.program', { path: tool })).authorised).toBe(
      false,
    );
    const again = answerOf('program.authorise', await run('program.authorise', { path: tool }));
    expect(again.sha256).toBe(sha('version two!'));
    const list = answerOf('program.list', await run('program.list'));
    expect(list.programs).toEqual([again]);
    expect(fs.existsSync(state.path('programs.json'))).toBe(true);

    expect(answerOf('program.revoke', await run('program.revoke', { path: tool }))).toEqual({
      path: tool,
    });
    expect(answerOf('program.list', await run('program.list')).programs).toEqual([]);
    expect((await run('program.revoke', { path: tool })).code).toBe(-17);
  });

  it('answers -17 for a missing file, -21 for a folder, -26 for a relative path', async () => {
    for (const type of ['view.program', 'program.authorise']) {
      expect((await run(type, { path: path.join(root, 'no-such-program') })).code).toBe(-17);
      expect((await run(type, { path: root })).code).toBe(-21);
      expect((await run(type, { path: 'bin/tool' })).code).toBe(-26);
    }
  });
});

describe('dpi.reset', () => {
  it('takes a new baseline and clears the folder’s pending alterations only', async () => {
    const app = path.join(root, 'dpi-app');
    const other = path.join(root, 'dpi-other');
    for (const d of [app, other]) {
      fs.mkdirSync(d);
      fs.writeFileSync(path.join(d, 'f'), 'one');
      expect((await ops.protectDpi(state, d)).code).toBe(0);
      fs.writeFileSync(path.join(d, 'f'), 'two');
      expect((await ops.verifyDpi(state, d)).detail).toMatchObject({ altered: ['f'], queued: 1 });
    }
    const dpiPaths = () =>
      new LogOutbox(state).waiting().flatMap((e) => (e.kind === 'dpi' ? [e.path] : []));
    expect(dpiPaths().filter((p) => p.startsWith(app + '/'))).toHaveLength(1);

    expect(await run('dpi.reset', { path: app })).toMatchObject({
      code: 0,
      detail: { path: app, files: 1, cleared: 1 },
    });
    // What was reported stays reported (it happened); the folder now has nothing to report.
    expect(dpiPaths().filter((p) => p.startsWith(app + '/'))).toHaveLength(1);
    // The folder as it is now is the baseline: nothing to report.
    expect((await ops.verifyDpi(state, app)).detail).toMatchObject({ altered: [], queued: 0 });
    expect((await run('dpi.reset', { path: root + '/dpi-none' })).code).toBe(-18);
    fs.mkdirSync(path.join(root, 'dpi-none'));
    expect((await run('dpi.reset', { path: path.join(root, 'dpi-none') })).code).toBe(-19);
  });
});

describe('engine.version / engine.watch', () => {
  it('answers what the contract declares', async () => {
    const version = answerOf('engine.version', await run('engine.version'));
    expect(version).toMatchObject({
      version: ENGINE_VERSION,
      node: process.version,
      platform: process.platform,
      arch: process.arch,
    });
    const watch = answerOf('engine.watch', await run('engine.watch'));
    expect(watch.programs).toBe(0);
    expect(watch.pendingAlerts).toBe(new LogOutbox(state).status().waitingDpi);
    expect(watch.protected.map((p) => p.mode)).toContain('dpi');
    expect(watch.uptimeS).toBeGreaterThanOrEqual(0);
  });

  it('engine.upgrade run from source refuses to replace anything (-16)', async () => {
    const r = await run('engine.upgrade', { version: '9.9.9', sha256: 'a'.repeat(64) });
    expect(r).toMatchObject({ code: -16 });
    expect((await run('engine.upgrade', { version: '9.9.9', sha256: 'nothex' })).code).toBe(-4);
  });
});

describe('the dispatcher', () => {
  it('does not start a command past its deadline by the console’s clock (-31)', async () => {
    const dir = path.join(root, 'late');
    fs.mkdirSync(dir);
    const d = dispatcher();
    // The deadline is ahead by the engine's clock but passed by the console's (2 minutes ahead).
    const late = command('se.protect', { path: dir }, Date.now() + 60_000);
    const done = await d.run(late, Date.now() + 120_000);
    expect(done!.result).toMatchObject({ code: -31, message: expect.stringMatching(/deadline/) });
    expect(modeOf(dir) & 0o200).not.toBe(0);
    // Answered once: the same id again answers the same result, and does not run.
    const again = await d.run(late, Date.now());
    expect(again).toMatchObject({ repeated: true, result: { code: -31 } });
    // A new dispatcher (a restarted engine) remembers it too.
    expect(await new Dispatcher(state).run(late)).toMatchObject({ repeated: true });
  });

  it('keeps a detail within the contract’s limit', () => {
    const big = { path: '/x', altered: Array.from({ length: 50_000 }, (_, i) => `file-${i}.dat`) };
    const fitted = fitDetail({ code: 0, message: 'Success', detail: big });
    expect(JSON.stringify(fitted.detail).length).toBeLessThanOrEqual(RESULT_DETAIL_MAX_BYTES);
    expect(fitted.detail).toMatchObject({ path: '/x', truncated: true });
    expect((fitted.detail!.altered as string[]).length).toBeGreaterThan(10_000);
    const blob = fitDetail({ code: 0, message: 'Success', detail: { text: 'x'.repeat(300_000) } });
    expect(blob.detail).toBeUndefined();
    expect(blob.message).toMatch(/detail left out/);
  });
});
