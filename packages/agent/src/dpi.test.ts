import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops } from './ops.ts';
import { StateDir } from './state-dir.ts';
import { machineFingerprint } from './identity.ts';
import { engineState } from './engine.ts';
import { pendingAlerts } from './dpi.ts';
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

describe('DPI: integrity baseline of a folder', () => {
  it('reports altered, added and deleted files and queues each finding once', async () => {
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
    expect(pendingAlerts(state).map((a) => [a.path, a.file, a.change])).toEqual([
      [real, path.join('bin', 'server'), 'altered'],
      [real, path.join('bin', 'backdoor'), 'added'],
      [real, 'config.ini', 'deleted'],
    ]);
    // The same findings again are not queued twice; a new change is.
    expect((await ops.verifyDpi(state, app)).detail).toMatchObject({ queued: 0 });
    fs.writeFileSync(path.join(app, 'bin', 'server'), 'ELF patched again');
    expect((await ops.verifyDpi(state, app)).detail).toMatchObject({ queued: 1 });
    expect(pendingAlerts(state)).toHaveLength(4);

    // The state the engine reports names the folder with its files now.
    expect((await engineState(state)).protected).toEqual([{ path: real, mode: 'dpi', files: 3 }]);
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
