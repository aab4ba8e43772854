import fs from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops } from './ops.ts';
import { StateDir } from './state-dir.ts';
import { machineFingerprint } from './identity.ts';
import { engineState } from './engine.ts';
import { migrateAlerts } from './dpi.ts';
import { LogOutbox } from './log-outbox.ts';
import { makeVendor } from './test/licence-fixture.ts';

let root: string;
let state: StateDir;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-dpi-'));
  state = new StateDir(path.join(root, 'state'));
  const vendor = makeVendor(root);
  const lic = path.join(root, 'dpi.lic');
  fs.writeFileSync(lic, vendor.certificate({ kind: 'DPI', fingerprint: machineFingerprint() }));
  expect((await ops.installLicence(state, lic, vendor.keyFile)).code).toBe(0);
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The DPI events waiting in the log outbox: [path, change, sha256]. */
const dpiEvents = (s = state) =>
  new LogOutbox(s)
    .waiting()
    .flatMap((e) => (e.kind === 'dpi' ? [[e.path, e.change, e.sha256 ?? null]] : []));
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('DPI: integrity baseline of a folder', () => {
  it('reports altered, added and deleted files, each finding once as a dpi event', async () => {
    const app = path.join(root, 'app');
    fs.mkdirSync(path.join(app, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(app, 'bin', 'server'), 'ELF original program');
    fs.writeFileSync(path.join(app, 'config.ini'), 'port=80\n');
    fs.writeFileSync(path.join(app, 'README'), 'read me');

    expect(await ops.protectDpi(state, app)).toMatchObject({ code: 0, detail: { files: 3 } });
    expect(await ops.verifyDpi(state, app)).toMatchObject({
      code: 0,
      detail: { altered: [], added: [], deleted: [], queued: 0 },
    });
    // Touching a file without changing it is no finding.
    fs.utimesSync(path.join(app, 'README'), new Date(2020, 1, 1), new Date(2020, 1, 1));

    fs.writeFileSync(path.join(app, 'bin', 'server'), 'ELF patched program');
    fs.writeFileSync(path.join(app, 'bin', 'backdoor'), 'new');
    fs.rmSync(path.join(app, 'config.ini'));

    const verified = await ops.verifyDpi(state, app);
    expect(verified).toMatchObject({
      code: 0,
      detail: {
        altered: [path.join('bin', 'server')],
        added: [path.join('bin', 'backdoor')],
        deleted: ['config.ini'],
        queued: 3,
      },
    });
    const real = fs.realpathSync(app);
    expect(dpiEvents()).toEqual([
      [path.join(real, 'bin', 'server'), 'altered', sha('ELF patched program')],
      [path.join(real, 'bin', 'backdoor'), 'added', sha('new')],
      [path.join(real, 'config.ini'), 'deleted', null],
    ]);
    // Numbered 1, 2, 3 in one new stream.
    expect(new LogOutbox(state).waiting().map((e) => e.seq)).toEqual([1, 2, 3]);
    // The same findings again are not reported twice; a new change is.
    expect((await ops.verifyDpi(state, app)).detail).toMatchObject({ queued: 0 });
    fs.writeFileSync(path.join(app, 'bin', 'server'), 'ELF patched again');
    expect((await ops.verifyDpi(state, app)).detail).toMatchObject({ queued: 1 });
    expect(dpiEvents()).toHaveLength(4);
    // Put back as the baseline has it, then changed the same way again: a new finding.
    fs.writeFileSync(path.join(app, 'bin', 'server'), 'ELF original program');
    expect((await ops.verifyDpi(state, app)).detail).toMatchObject({ altered: [], queued: 0 });
    fs.writeFileSync(path.join(app, 'bin', 'server'), 'ELF patched again');
    expect((await ops.verifyDpi(state, app)).detail).toMatchObject({ queued: 1 });
    expect(dpiEvents()).toHaveLength(5);

    // The state the engine reports names the folder with its files now.
    expect((await engineState(state)).protected).toEqual([{ path: real, mode: 'dpi', files: 3 }]);
  });

  it('one altered file is one dpi event, its time the verification', async () => {
    const s = new StateDir(path.join(root, 'state-one'));
    fs.cpSync(state.root, s.root, { recursive: true });
    fs.rmSync(s.path('logs.json'), { force: true });
    fs.rmSync(s.path('logs.jsonl'), { force: true });
    const dir = path.join(root, 'one');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'a.conf'), 'a=1');
    expect((await ops.protectDpi(s, dir)).code).toBe(0);
    fs.writeFileSync(path.join(dir, 'a.conf'), 'a=2');
    const before = Date.now();
    expect((await ops.verifyDpi(s, dir)).detail).toMatchObject({ queued: 1 });
    const [event, ...rest] = new LogOutbox(s).waiting();
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      seq: 1,
      kind: 'dpi',
      change: 'altered',
      path: path.join(fs.realpathSync(dir), 'a.conf'),
      sha256: sha('a=2'),
    });
    expect(Date.parse(event!.at)).toBeGreaterThanOrEqual(before - 1);
  });

  it('moves the findings an older engine queued in alerts.jsonl into the log outbox', async () => {
    const s = new StateDir(path.join(root, 'state-old'));
    fs.cpSync(state.root, s.root, { recursive: true });
    for (const f of ['logs.json', 'logs.jsonl', 'protected.json', 'dpi'])
      fs.rmSync(s.path(f), { recursive: true, force: true });
    const dir = path.join(root, 'old');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'x'), 'x');
    expect((await ops.protectDpi(s, dir)).code).toBe(0);
    fs.writeFileSync(path.join(dir, 'x'), 'changed');
    const real = fs.realpathSync(dir);
    // As an engine before the log outbox left it.
    fs.writeFileSync(
      s.path('alerts.jsonl'),
      JSON.stringify({
        at: 1_700_000_000_000,
        path: real,
        file: 'x',
        change: 'altered',
        sha256: sha('changed'),
      }) + '\n',
    );
    expect(migrateAlerts(s)).toBe(1);
    expect(fs.existsSync(s.path('alerts.jsonl'))).toBe(false);
    expect(new LogOutbox(s).waiting()).toEqual([
      {
        seq: 1,
        at: new Date(1_700_000_000_000).toISOString(),
        kind: 'dpi',
        change: 'altered',
        path: path.join(real, 'x'),
        sha256: sha('changed'),
      },
    ]);
    // Recorded as reported: verifying finds it again but does not report it twice.
    expect((await ops.verifyDpi(s, dir)).detail).toMatchObject({ altered: ['x'], queued: 0 });
  });

  it('answers -20 for a monitored folder, -19 for one that is not, and can start again', async () => {
    const docs = path.join(root, 'docs');
    fs.mkdirSync(docs);
    fs.writeFileSync(path.join(docs, 'a.txt'), 'a');
    expect(await ops.verifyDpi(state, docs)).toMatchObject({ code: -19 });
    expect((await ops.protectDpi(state, docs)).code).toBe(0);
    expect(await ops.protectDpi(state, docs)).toMatchObject({ code: -20 });
    fs.writeFileSync(path.join(docs, 'a.txt'), 'changed on purpose');
    expect((await ops.unprotectDpi(state, docs)).code).toBe(0);
    expect(await ops.unprotectDpi(state, docs)).toMatchObject({ code: -19 });
    expect((await ops.protectDpi(state, docs)).code).toBe(0);
    expect((await ops.verifyDpi(state, docs)).detail).toMatchObject({ altered: [] });
    expect(await ops.protectDpi(state, path.join(root, 'missing'))).toMatchObject({ code: -18 });
    expect(await ops.protectDpi(state, '/proc')).toMatchObject({ code: -25 });
  });

  it('needs a DPI or DI licence (-85 with a TDE one)', async () => {
    const tdeState = new StateDir(path.join(root, 'state-tde'));
    const vendor = makeVendor(root);
    const lic = path.join(root, 'tde.lic');
    fs.writeFileSync(lic, vendor.certificate({ kind: 'TDE', fingerprint: machineFingerprint() }));
    expect((await ops.installLicence(tdeState, lic, vendor.keyFile)).code).toBe(0);
    const dir = path.join(root, 'docs');
    expect(await ops.protectDpi(tdeState, dir)).toMatchObject({ code: -85 });
    expect(await ops.protectDpi(new StateDir(path.join(root, 'none')), dir)).toMatchObject({
      code: -13,
    });
  });
});
