import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as age from 'age-encryption';
import { Code } from './codes.ts';
import { dataKeys } from './escrow.ts';
import { Dispatcher } from './ops.ts';
import { files as stateFiles, StateDir } from './state-dir.ts';
import {
  decryptDir,
  encryptDir,
  heldKeys,
  loadKey,
  readHeader,
  reencryptFile,
  type TdeKey,
} from './tde.ts';
import { finishRotation, rotateTde, type SendKeys } from './tde-rotate.ts';

/**
 * `tde.rotate` (docs/keys.md "Rotation") on real temporary trees: the new key escrowed before any
 * file uses it (it opens with the escrow identity to the key the files now name), every file
 * encrypted again under it and every byte back after decryption, the old key gone; an escrow not
 * acknowledged changes nothing; a rotation stopped half way finished by the next start or the
 * next rotation; an altered file keeps its key.
 */
let root: string;
let n = 0;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-rotate-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** Every file under `dir`: its SHA-256, size and mode. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, rel);
    const st = fs.statSync(full);
    if (st.isFile())
      out.set(rel, `${sha(fs.readFileSync(full))} ${st.size} ${(st.mode & 0o777).toString(8)}`);
  }
  return out;
}
/** A state directory and a protected folder of a few files (nested, empty, 1 MiB, 0600). */
async function protectedFolder() {
  const base = path.join(root, `case-${++n}`);
  const state = new StateDir(path.join(base, 'state'));
  const dir = path.join(base, 'data');
  fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'plain.txt'), 'quarterly figures\n');
  fs.writeFileSync(path.join(dir, 'empty'), '');
  fs.writeFileSync(path.join(dir, 'a', 'b', 'big.bin'), randomBytes(1024 * 1024));
  fs.writeFileSync(path.join(dir, 'a', 'secret'), 'only mine', { mode: 0o600 });
  const before = tree(dir);
  expect((await encryptDir(state, dir, true)).code).toBe(0);
  return { state, dir, before };
}
/** The key id each encrypted file's header names. */
async function keyIdsOf(dir: string) {
  const ids = new Set<string>();
  for (const rel of fs.readdirSync(dir, { recursive: true }).map(String)) {
    const full = path.join(dir, rel);
    if (!fs.statSync(full).isFile()) continue;
    const h = await readHeader(full);
    ids.add(h ? h.keyId.toString('hex') : 'plain');
  }
  return ids;
}
/** A console that acknowledges what it is sent, and keeps it. */
async function fakeEscrow(acknowledge = true) {
  const identity = await age.generateX25519Identity();
  const escrow = { id: randomUUID(), recipient: await age.identityToRecipient(identity) };
  const sent: { id: string; escrow: string; wrapped: string }[] = [];
  const send: SendKeys = async (keys) => {
    sent.push(...keys);
    return acknowledge ? keys.map((k) => k.id) : [];
  };
  const open = async (wrapped: string) => {
    const d = new age.Decrypter();
    d.addIdentity(identity);
    return Buffer.from(await d.decrypt(age.armor.decode(wrapped)));
  };
  return { escrow, sent, send, open };
}
const hex = (k: TdeKey) => k.id.toString('hex');

describe('tde.rotate', () => {
  it('escrows a new key, moves every file to it, drops the old one: every byte back', async () => {
    const { state, dir, before } = await protectedFolder();
    const old = loadKey(state, false)!;
    const c = await fakeEscrow();
    const result = await rotateTde(state, { escrow: c.escrow }, c.send);
    expect(result.code).toBe(0);
    const now = loadKey(state, false)!;
    expect(hex(now)).not.toBe(hex(old));
    expect(result.detail).toMatchObject({
      keyId: hex(now),
      previous: hex(old),
      files: 4,
      failed: [],
      dropped: [hex(old)],
    });
    // What the console was sent opens, with its escrow identity, to the key files now use.
    expect(c.sent).toEqual([{ id: hex(now), escrow: c.escrow.id, wrapped: expect.any(String) }]);
    expect((await c.open(c.sent[0]!.wrapped)).equals(now.key)).toBe(true);
    expect(await keyIdsOf(dir)).toEqual(new Set([hex(now)]));
    // The old key is gone; the state lists the new one, escrowed under the command's key.
    expect(heldKeys(state).map(hex)).toEqual([hex(now)]);
    expect(fs.readdirSync(state.path(stateFiles.tdeOldKeys))).toEqual([]);
    expect(fs.existsSync(state.path(stateFiles.tdeNextKey))).toBe(false);
    expect(dataKeys(state)).toEqual([{ id: hex(now), escrow: c.escrow.id }]);
    expect(fs.statSync(state.path(stateFiles.tdeKey)).mode & 0o777).toBe(0o600);
    expect((await decryptDir(state, dir, true)).code).toBe(0);
    expect(tree(dir)).toEqual(before);
  });

  it('keeps the old key and every file when the escrow is not acknowledged', async () => {
    const { state, dir } = await protectedFolder();
    const old = loadKey(state, false)!;
    const encrypted = tree(dir);
    const c = await fakeEscrow(false);
    await expect(rotateTde(state, { escrow: c.escrow }, c.send)).rejects.toMatchObject({
      code: Code.Generic,
      message: expect.stringMatching(/did not acknowledge/),
    });
    expect(hex(loadKey(state, false)!)).toBe(hex(old));
    expect(tree(dir)).toEqual(encrypted);
    // A console that cannot be reached: the same.
    const down: SendKeys = async () => {
      throw new Error('unreachable');
    };
    await expect(rotateTde(state, { escrow: c.escrow }, down)).rejects.toThrow('unreachable');
    expect(hex(loadKey(state, false)!)).toBe(hex(old));
    expect(heldKeys(state)).toHaveLength(1);
  });

  it('finishes a rotation stopped half way, at the next start or the next rotation', async () => {
    for (const finish of ['start', 'rotation'] as const) {
      const { state, dir, before } = await protectedFolder();
      const a = loadKey(state, false)!;
      // Stopped half way: B escrowed and current, A kept, one file moved to B.
      const c = await fakeEscrow();
      const stopped: SendKeys = async (keys) => {
        await c.send(keys);
        throw new Error('stopped');
      };
      await expect(rotateTde(state, { escrow: c.escrow }, stopped)).rejects.toThrow('stopped');
      expect(fs.existsSync(state.path(stateFiles.tdeNextKey))).toBe(true);
      // The key made then, never used by a file, is the one sent again.
      const again: string[] = [];
      const refused: SendKeys = async (keys) => {
        again.push(...keys.map((k) => k.id));
        return [];
      };
      await expect(rotateTde(state, { escrow: c.escrow }, refused)).rejects.toMatchObject({
        code: Code.Generic,
      });
      expect(again).toEqual([c.sent[0]!.id]);
      fs.mkdirSync(state.path(stateFiles.tdeOldKeys), { recursive: true });
      fs.writeFileSync(state.path(path.join(stateFiles.tdeOldKeys, `${hex(a)}.key`)), a.key, {
        mode: 0o600,
      });
      fs.renameSync(state.path(stateFiles.tdeNextKey), state.path(stateFiles.tdeKey));
      const bKey = loadKey(state, false)!;
      const one = path.join(dir, 'plain.txt');
      await reencryptFile(one, (await readHeader(one))!, a, bKey);
      expect(await keyIdsOf(dir)).toEqual(new Set([hex(a), hex(bKey)]));
      // Both held and listed; a decryption of the folder now would find each file's key.
      expect(dataKeys(state).map((k) => k.id)).toEqual([hex(bKey), hex(a)]);

      let current: TdeKey;
      if (finish === 'start') {
        const done = await finishRotation(state);
        expect(done).toMatchObject({ code: 0, detail: { files: 3, dropped: [hex(a)] } });
        current = bKey;
        expect(await finishRotation(state)).toBeUndefined();
      } else {
        // Through the dispatcher, as the console's command arrives.
        const c2 = await fakeEscrow();
        const run = await new Dispatcher(state, { sendKeys: c2.send }).run({
          id: randomUUID(),
          type: 'tde.rotate',
          args: { escrow: c2.escrow },
          deadline: Date.now() + 60_000,
        });
        expect(run!.result).toMatchObject({ code: 0 });
        current = loadKey(state, false)!;
        expect(hex(current)).not.toBe(hex(bKey));
        expect(run!.result.detail).toMatchObject({ files: 4, dropped: [hex(bKey), hex(a)].sort() });
      }
      expect(heldKeys(state).map(hex)).toEqual([hex(current)]);
      expect(await keyIdsOf(dir)).toEqual(new Set([hex(current)]));
      expect((await decryptDir(state, dir, true)).code).toBe(0);
      expect(tree(dir)).toEqual(before);
    }
  });

  it('leaves an altered file under its key, and keeps that key', async () => {
    const { state, dir } = await protectedFolder();
    const old = loadKey(state, false)!;
    const altered = path.join(dir, 'a', 'secret');
    const bytes = fs.readFileSync(altered);
    bytes[bytes.length - 20]! ^= 1;
    fs.writeFileSync(altered, bytes);
    const c = await fakeEscrow();
    const result = await rotateTde(state, { escrow: c.escrow }, c.send);
    expect(result.code).toBe(Code.MismatchedData);
    expect(result.detail).toMatchObject({ files: 3, failed: [altered], dropped: [] });
    expect(heldKeys(state).map(hex)).toContain(hex(old));
    expect(fs.readFileSync(altered).equals(bytes)).toBe(true);
  });

  it('has nothing to rotate before the first encryption', async () => {
    const state = new StateDir(path.join(root, `empty-${++n}`));
    const c = await fakeEscrow();
    expect(await rotateTde(state, { escrow: c.escrow }, c.send)).toMatchObject({
      code: 0,
      detail: { rotated: false },
    });
    expect(c.sent).toEqual([]);
  });
});
