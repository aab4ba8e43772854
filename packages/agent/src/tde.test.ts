import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops } from './ops.ts';
import { StateDir } from './state-dir.ts';
import { machineFingerprint } from './identity.ts';
import { engineState } from './engine.ts';
import { listProtected } from './protected.ts';
import { makeVendor, type Vendor } from './test/licence-fixture.ts';

let root: string;
let state: StateDir;
let vendor: Vendor;

/** Every file under `dir` with its bytes and mode. */
function files(dir: string): Map<string, { bytes: Buffer; mode: number }> {
  const out = new Map<string, { bytes: Buffer; mode: number }>();
  for (const rel of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, rel);
    const st = fs.statSync(full);
    if (st.isFile()) out.set(rel, { bytes: fs.readFileSync(full), mode: st.mode & 0o777 });
  }
  return out;
}

/** Every file under `dir` with the SHA-256 of its bytes, its size and mode (cheap to compare). */
function tree(dir: string): Map<string, string> {
  return new Map(
    [...files(dir)].map(([rel, { bytes, mode }]) => [
      rel,
      `${createHash('sha256').update(bytes).digest('hex')} ${bytes.length} ${mode.toString(8)}`,
    ]),
  );
}

function makeData(dir: string): void {
  fs.mkdirSync(path.join(dir, 'reports', '2026'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'empty-folder'));
  fs.writeFileSync(path.join(dir, 'hello.txt'), 'hello, world\n');
  fs.writeFileSync(path.join(dir, 'same-1.txt'), 'identical content');
  fs.writeFileSync(path.join(dir, 'same-2.txt'), 'identical content');
  fs.writeFileSync(path.join(dir, 'empty.bin'), '');
  fs.writeFileSync(path.join(dir, 'reports', '2026', 'big.bin'), randomBytes(3 * 1024 * 1024 + 7));
  fs.writeFileSync(path.join(dir, 'reports', 'private.csv'), 'a,b\n1,2\n', { mode: 0o640 });
  fs.chmodSync(path.join(dir, 'reports', 'private.csv'), 0o640);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-tde-'));
  state = new StateDir(path.join(root, 'state'));
  vendor = makeVendor(root);
  const lic = path.join(root, 'tde.lic');
  fs.writeFileSync(lic, vendor.certificate({ kind: 'TDE', fingerprint: machineFingerprint() }));
  expect((await ops.installLicence(state, lic, vendor.keyFile)).code).toBe(0);
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('TDE: encrypting a folder in place', () => {
  it('encrypts every file, recognises encrypted files, and restores them byte for byte', async () => {
    const data = path.join(root, 'data');
    makeData(data);
    const before = files(data);

    const enc = await ops.protectTde(state, data);
    expect(enc).toMatchObject({ code: 0, detail: { files: 6 } });
    const encrypted = files(data);
    expect([...encrypted.keys()]).toEqual([...before.keys()]);
    for (const [rel, { bytes, mode }] of encrypted) {
      const plain = before.get(rel)!;
      expect(bytes.equals(plain.bytes), rel).toBe(false);
      expect(bytes.subarray(0, 7).toString('latin1')).toBe('EDPTDE\0');
      // 40-byte header + ciphertext (as long as the plaintext) + 16-byte tag.
      expect(bytes.length).toBe(plain.bytes.length + 56);
      expect(mode, rel).toBe(plain.mode);
      // The plaintext is nowhere in the file.
      if (plain.bytes.length > 4 && plain.bytes.length < 100) {
        expect(bytes.includes(plain.bytes)).toBe(false);
      }
    }
    // A fresh IV per file: equal plaintexts give different ciphertexts.
    expect(encrypted.get('same-1.txt')!.bytes.equals(encrypted.get('same-2.txt')!.bytes)).toBe(
      false,
    );
    // The key is the engine's own, readable by it alone.
    expect(fs.statSync(state.path('tde.key')).mode & 0o777).toBe(0o600);
    expect(listProtected(state)).toEqual([
      expect.objectContaining({ path: fs.realpathSync(data), mode: 'tde' }),
    ]);
    expect((await engineState(state)).protected).toEqual([
      { path: fs.realpathSync(data), mode: 'tde', files: 6 },
    ]);

    expect(await ops.protectTde(state, data)).toMatchObject({ code: -47 });
    expect((await ops.protectTde(state, data)).message).toMatch(/^Already encrypted/);

    const dec = await ops.unprotectTde(state, data);
    expect(dec).toMatchObject({ code: 0, detail: { files: 6 } });
    const restored = files(data);
    expect([...restored.keys()]).toEqual([...before.keys()]);
    for (const [rel, { bytes, mode }] of before) {
      expect(restored.get(rel)!.bytes.equals(bytes), rel).toBe(true);
      expect(restored.get(rel)!.mode, rel).toBe(mode);
    }
    expect(listProtected(state)).toEqual([]);

    expect(await ops.unprotectTde(state, data)).toMatchObject({ code: -48 });
    // No temporary file is left behind.
    expect([...tree(data).keys()].some((f) => f.includes('.edp-tmp-'))).toBe(false);
  });

  it('encrypts only what is still plain when a folder is half done, and decrypts it all', async () => {
    const data = path.join(root, 'half');
    makeData(data);
    const before = tree(data);
    const other = path.join(root, 'half-b');
    fs.mkdirSync(other);
    // One file is encrypted already (as if a run had stopped half way).
    fs.renameSync(path.join(data, 'hello.txt'), path.join(other, 'hello.txt'));
    expect((await ops.protectTde(state, other)).code).toBe(0);
    fs.renameSync(path.join(other, 'hello.txt'), path.join(data, 'hello.txt'));
    const hello = fs.readFileSync(path.join(data, 'hello.txt'));

    expect(await ops.protectTde(state, data)).toMatchObject({
      code: 0,
      detail: { files: 5, alreadyEncrypted: 1 },
    });
    expect(fs.readFileSync(path.join(data, 'hello.txt')).equals(hello)).toBe(true);
    expect((await ops.unprotectTde(state, data)).code).toBe(0);
    expect(tree(data)).toEqual(before);
  });

  it('refuses a file changed after encryption and leaves it as it was (-5)', async () => {
    const data = path.join(root, 'tampered');
    fs.mkdirSync(data);
    fs.writeFileSync(path.join(data, 'ledger.txt'), 'balance: 100\n'.repeat(100));
    expect((await ops.protectTde(state, data)).code).toBe(0);
    const file = path.join(data, 'ledger.txt');
    const bytes = fs.readFileSync(file);
    bytes[60] = bytes[60]! ^ 0xff;
    fs.writeFileSync(file, bytes);

    const result = await ops.unprotectTde(state, data);
    expect(result.code).toBe(-5);
    expect(result.message).toMatch(/authentication/);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.readdirSync(data)).toEqual(['ledger.txt']);
  });

  it('answers -18 for a missing folder, -24 for a file, -25 for forbidden folders', async () => {
    expect(await ops.protectTde(state, path.join(root, 'nope'))).toMatchObject({ code: -18 });
    const file = path.join(root, 'a-file.txt');
    fs.writeFileSync(file, 'x');
    expect(await ops.protectTde(state, file)).toMatchObject({ code: -24 });
    expect(await ops.unprotectTde(state, file)).toMatchObject({ code: -24 });
    for (const forbidden of ['/', '/etc', '/usr/lib', state.root, path.join(state.root, 'dpi')]) {
      fs.mkdirSync(path.join(state.root, 'dpi'), { recursive: true });
      const r = await ops.protectTde(state, forbidden);
      expect(r.code, forbidden).toBe(-25);
      expect(r.message).toMatch(/^Forbidden directory/);
    }
    // A folder holding the state directory would encrypt the engine's own key.
    expect(await ops.protectTde(state, root)).toMatchObject({ code: -25 });
    // Console commands must name absolute paths.
    expect(await ops.protectTde(state, 'relative/dir', true)).toMatchObject({ code: -26 });
    expect(await ops.protectTde(state, undefined, true)).toMatchObject({ code: -3 });
  });

  it('needs a TDE licence to encrypt (-13 without one, -85 with a DPI licence), not to decrypt', async () => {
    const data = path.join(root, 'licensing');
    fs.mkdirSync(data);
    fs.writeFileSync(path.join(data, 'f.txt'), 'secret');
    const bare = new StateDir(path.join(root, 'state-bare'));
    expect(await ops.protectTde(bare, data)).toMatchObject({ code: -13 });

    const dpiState = new StateDir(path.join(root, 'state-dpi'));
    const lic = path.join(root, 'dpi.lic');
    fs.writeFileSync(lic, vendor.certificate({ kind: 'DPI', fingerprint: machineFingerprint() }));
    expect((await ops.installLicence(dpiState, lic, vendor.keyFile)).code).toBe(0);
    const refused = await ops.protectTde(dpiState, data);
    expect(refused.code).toBe(-85);
    expect(refused.message).toMatch(/^Command not allowed by the license/);
    expect(fs.readFileSync(path.join(data, 'f.txt'), 'utf8')).toBe('secret');

    // Decrypting never needs a licence: the data stays the customer's.
    expect((await ops.protectTde(state, data)).code).toBe(0);
    bare.ensure();
    fs.copyFileSync(state.path('tde.key'), bare.path('tde.key'));
    expect((await ops.unprotectTde(bare, data)).code).toBe(0);
    expect(fs.readFileSync(path.join(data, 'f.txt'), 'utf8')).toBe('secret');
  });
});
