import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as age from 'age-encryption';
import { RECOVERY_FORMAT } from '@edp/shared/contracts/keys';
import { Code } from './codes.ts';
import { machineFingerprint } from './identity.ts';
import { ops } from './ops.ts';
import { recover } from './recover.ts';
import { StateDir } from './state-dir.ts';
import { encryptFile, keyOf, loadKey, type TdeKey } from './tde.ts';
import { makeVendor } from './test/licence-fixture.ts';
import { runEngineCommand } from './test/engine-file.ts';

/**
 * `edp-agent recover` (docs/keys.md "Recovery"): a folder a real engine encrypted, its state
 * directory deleted, decrypted with a recovery file made here as the console makes it (an
 * ASCII-armoured age file to a passphrase or an age recipient, whose clear text is
 * `edp-recovery/v1`), every byte back; and the refusals, each leaving the folder as it was.
 */
const PASSPHRASE = 'correct horse battery staple 42';
let root: string;
let n = 0;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-recover-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file under `dir`: its SHA-256, size and mode. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, rel);
    const st = fs.lstatSync(full);
    if (!st.isFile()) continue;
    const sha = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    out.set(rel, `${sha} ${st.size} ${(st.mode & 0o777).toString(8)}`);
  }
  return out;
}

function makeData(dir: string): void {
  fs.mkdirSync(path.join(dir, 'reports', '2026'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'hello.txt'), 'hello, world\n');
  fs.writeFileSync(path.join(dir, 'empty.bin'), '');
  fs.writeFileSync(path.join(dir, 'reports', '2026', 'big.bin'), randomBytes(2 * 1024 * 1024 + 5));
  fs.writeFileSync(path.join(dir, 'reports', 'private.csv'), 'a,b\n1,2\n', { mode: 0o640 });
  fs.chmodSync(path.join(dir, 'reports', 'private.csv'), 0o640);
}

/** A folder encrypted with a key of its own (no engine): its key and its plain tree. */
async function encryptedFolder(): Promise<{
  dir: string;
  key: TdeKey;
  plain: Map<string, string>;
}> {
  const dir = path.join(root, `data-${++n}`);
  makeData(dir);
  const plain = tree(dir);
  const key = keyOf(randomBytes(32));
  for (const rel of plain.keys()) await encryptFile(path.join(dir, rel), key);
  return { dir, key, plain };
}

const payload = (key: TdeKey, deviceId = 'dev-1') =>
  JSON.stringify({
    format: RECOVERY_FORMAT,
    deviceId,
    keyId: key.id.toString('hex'),
    key: key.key.toString('base64'),
  });

/** The recovery file as the console writes it: armoured age to a passphrase (scrypt 2^logN). */
async function recoveryFile(key: TdeKey, logN = 10, clear = payload(key)): Promise<string> {
  const e = new age.Encrypter();
  e.setScryptWorkFactor(logN);
  e.setPassphrase(PASSPHRASE);
  const file = path.join(root, `recovery-${++n}.age`);
  fs.writeFileSync(file, age.armor.encode(await e.encrypt(clear)));
  return file;
}

function passphraseFile(text = PASSPHRASE + '\n'): string {
  const file = path.join(root, `passphrase-${++n}.txt`);
  fs.writeFileSync(file, text, { mode: 0o600 });
  return file;
}

const cli = runEngineCommand;

describe('recover: a protected folder back, every byte', () => {
  it('decrypts what a real engine encrypted after its state directory is gone, and installs the key', async () => {
    // A real engine protects a folder.
    const stateDir = path.join(root, `state-${++n}`);
    const state = new StateDir(stateDir);
    const vendor = makeVendor(root);
    const lic = path.join(root, `tde-${n}.lic`);
    fs.writeFileSync(lic, vendor.certificate({ kind: 'TDE', fingerprint: machineFingerprint() }));
    expect((await ops.installLicence(state, lic, vendor.keyFile)).code).toBe(0);
    const data = path.join(root, `data-${++n}`);
    makeData(data);
    const before = tree(data);
    expect(await ops.protectTde(state, data)).toMatchObject({ code: 0, detail: { files: 4 } });
    const key = loadKey(state, false)!;
    expect(tree(data)).not.toEqual(before);
    // The recovery file (the console's default work factor), then the state directory is lost.
    const file = await recoveryFile(key, 18, payload(key, 'device-42'));
    fs.rmSync(stateDir, { recursive: true, force: true });
    const fresh = path.join(root, `state-new-${n}`);

    const ran = await cli([
      'recover',
      data,
      '--file',
      file,
      '--passphrase-file',
      passphraseFile(),
      '--install',
      '--dir',
      fresh,
    ]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const [first, detail] = ran.stdout.trim().split('\n');
    expect(first).toBe('0 Success');
    expect(JSON.parse(detail!)).toMatchObject({
      path: fs.realpathSync(data),
      deviceId: 'device-42',
      keyId: key.id.toString('hex'),
      files: 4,
      bytes: 2 * 1024 * 1024 + 5 + 13 + 8,
      failed: [],
      otherKey: 0,
      key: 'installed',
    });
    expect(tree(data)).toEqual(before);
    // The key is back where the engine keeps it, readable by the engine alone.
    const keyFile = path.join(fresh, 'tde.key');
    expect(fs.readFileSync(keyFile)).toEqual(key.key);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    // Two scrypts of 256 MiB at the console's work factor (this file's, in JavaScript, and the
    // engine's): 3.7 s alone, over 30 s in one CI run beside the other test steps.
  }, 90_000);

  it('takes a file encrypted to an age recipient with --identity, and the clear text `age -d` printed', async () => {
    const { dir, key, plain } = await encryptedFolder();
    const identity = await age.generateX25519Identity();
    const e = new age.Encrypter();
    e.addRecipient(await age.identityToRecipient(identity));
    const sealed = path.join(root, `recovery-${++n}.age`);
    fs.writeFileSync(sealed, age.armor.encode(await e.encrypt(payload(key))));
    const idFile = path.join(root, `identity-${n}.txt`);
    // As age-keygen writes it: comments, then the identity.
    fs.writeFileSync(idFile, `# created: 2026-11-29T08:00:00Z\n# public key: …\n${identity}\n`);
    const state = new StateDir(path.join(root, `state-${++n}`));

    // A copy of the folder is decrypted with the clear text `age -d` prints.
    const copy = `${dir}-copy`;
    fs.cpSync(dir, copy, { recursive: true });
    const byIdentity = await recover(state, { folder: dir, file: sealed, identity: idFile });
    expect(byIdentity).toMatchObject({ code: 0, detail: { files: 4 } });
    expect(tree(dir)).toEqual(plain);

    const clear = path.join(root, `recovery-${n}.json`);
    fs.writeFileSync(clear, execFileSync('age', ['-d', '-i', idFile, sealed]));
    expect(JSON.parse(fs.readFileSync(clear, 'utf8'))).toMatchObject({ format: RECOVERY_FORMAT });
    expect(await recover(state, { folder: copy, file: clear })).toMatchObject({
      code: 0,
      detail: { files: 4 },
    });
    expect(tree(copy)).toEqual(plain);
    // Nothing installed without --install, nothing made in a state directory.
    expect(fs.existsSync(state.root)).toBe(false);
  });

  it('decrypts the files of its key and counts those of another key, leaving them', async () => {
    const { dir, key } = await encryptedFolder();
    const other = keyOf(randomBytes(32));
    fs.writeFileSync(path.join(dir, 'other.txt'), 'another engine');
    await encryptFile(path.join(dir, 'other.txt'), other);
    const sealed = fs.readFileSync(path.join(dir, 'other.txt'));
    const state = new StateDir(path.join(root, `state-${++n}`));
    const done = await recover(state, {
      folder: dir,
      file: await recoveryFile(key),
      passphraseFile: passphraseFile(),
    });
    expect(done).toMatchObject({ code: 0, detail: { files: 4, otherKey: 1 } });
    expect(fs.readFileSync(path.join(dir, 'other.txt'))).toEqual(sealed);
  });

  it('leaves an altered file as it is and says so, the others decrypted', async () => {
    const { dir, key, plain } = await encryptedFolder();
    const hello = path.join(dir, 'hello.txt');
    const bytes = fs.readFileSync(hello);
    bytes[45] = bytes[45]! ^ 1;
    fs.writeFileSync(hello, bytes);
    const state = new StateDir(path.join(root, `state-${++n}`));
    const done = await recover(state, {
      folder: dir,
      file: await recoveryFile(key),
      passphraseFile: passphraseFile(),
    });
    expect(done).toMatchObject({
      code: Code.MismatchedData,
      message: expect.stringMatching(/1 file\(s\) fail authentication/),
      detail: { files: 3, failed: ['hello.txt'] },
    });
    expect(fs.readFileSync(hello)).toEqual(bytes);
    expect(tree(dir).get('empty.bin')).toBe(plain.get('empty.bin'));
  });
});

describe('recover: refusals, the folder left as it was', () => {
  const refused = async (
    folder: string,
    opts: Partial<Parameters<typeof recover>[1]> & { file: string },
    state = new StateDir(path.join(root, `state-${++n}`)),
  ) => {
    const before = tree(folder);
    const err = await recover(state, { folder, ...opts }).then(
      () => undefined,
      (e: unknown) => e as { code: number; message: string },
    );
    expect(tree(folder)).toEqual(before);
    return err;
  };

  it('a wrong passphrase, and a file encrypted to a passphrase given an identity or nothing', async () => {
    const { dir, key } = await encryptedFolder();
    const file = await recoveryFile(key);
    expect(
      await refused(dir, { file, passphraseFile: passphraseFile('not the passphrase\n') }),
    ).toMatchObject({
      code: Code.MismatchedData,
      message: expect.stringMatching(/wrong passphrase/),
    });
    const idFile = path.join(root, `identity-${++n}.txt`);
    fs.writeFileSync(idFile, (await age.generateX25519Identity()) + '\n');
    expect(await refused(dir, { file, identity: idFile })).toMatchObject({
      code: Code.InvalidOption,
      message: expect.stringMatching(/encrypted to a passphrase: give --passphrase-file/),
    });
    expect(await refused(dir, { file })).toMatchObject({
      code: Code.MissingOption,
      message: expect.stringMatching(/give --passphrase-file/),
    });
  });

  it('a file for another key, a folder with no encrypted file, what is not a recovery file', async () => {
    const { dir } = await encryptedFolder();
    const another = keyOf(randomBytes(32));
    const err = await refused(dir, {
      file: await recoveryFile(another),
      passphraseFile: passphraseFile(),
    });
    expect(err).toMatchObject({ code: Code.MismatchedData });
    expect(err!.message).toMatch(
      new RegExp(
        `encrypted with key [0-9a-f]{16}; the recovery file holds key ${another.id.toString('hex')}`,
      ),
    );

    const plainDir = path.join(root, `plain-${++n}`);
    makeData(plainDir);
    expect(
      await refused(plainDir, {
        file: await recoveryFile(another),
        passphraseFile: passphraseFile(),
      }),
    ).toMatchObject({
      code: Code.AlreadyDecrypted,
      message: expect.stringMatching(/no encrypted file under/),
    });

    const notOne = path.join(root, `other-${++n}.json`);
    fs.writeFileSync(notOne, JSON.stringify({ format: 'edp-share/v1', key: 'x' }));
    expect(await refused(dir, { file: notOne })).toMatchObject({
      code: Code.MismatchedData,
      message: expect.stringMatching(/is not a recovery file \(edp-recovery\/v1\)/),
    });
    // A key that is not the key its id names.
    const wrongId = path.join(root, `wrong-id-${++n}.json`);
    fs.writeFileSync(
      wrongId,
      JSON.stringify({ ...JSON.parse(payload(another)), keyId: '0011223344556677' }),
    );
    expect(await refused(dir, { file: wrongId })).toMatchObject({
      message: expect.stringMatching(/damaged: its key is not key 0011223344556677/),
    });
  });

  it('--install never replaces another key (nothing decrypted)', async () => {
    const { dir, key } = await encryptedFolder();
    const state = new StateDir(path.join(root, `state-${++n}`));
    const held = loadKey(state, true)!;
    expect(
      await refused(
        dir,
        { file: await recoveryFile(key), passphraseFile: passphraseFile(), install: true },
        state,
      ),
    ).toMatchObject({ code: Code.FileExists, message: expect.stringMatching(/holds another key/) });
    expect(loadKey(state, false)!.key).toEqual(held.key);
  });

  it('says on the command line what is wrong, exit 1', async () => {
    const { dir, key } = await encryptedFolder();
    const ran = await cli([
      'recover',
      dir,
      '--file',
      await recoveryFile(key),
      '--passphrase-file',
      passphraseFile('nope\n'),
      '--dir',
      path.join(root, `state-${++n}`),
    ]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^-5 .*wrong passphrase/);
    const usage = await cli(['recover', dir]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--file <recovery file> is required/);
  });
});
