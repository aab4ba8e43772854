import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as age from 'age-encryption';
import { ZEngineState } from '@edp/shared/contracts/engine';
import {
  ageEncryptTo,
  ageFileNative,
  NativeX25519Recipient,
  recipientBytes,
} from './age-x25519.ts';
import { dataKeys, wrapKey } from './escrow.ts';
import { enrol, engineState, runEngine } from './engine.ts';
import { StateDir } from './state-dir.ts';
import { loadKey } from './tde.ts';
import { startFakeConsole, type FakeConsole } from './test/fake-console.ts';

/**
 * Escrow of the engine's data keys (docs/keys.md "Escrow"): the age file it sends opens with the
 * escrow identity in age-encryption and in Debian's `age`, and with nothing else; the state lists
 * the keys; the escrow round against the fake console, again after the escrow key changes.
 */
let root: string;
const wrapMany = path.join(import.meta.dirname, 'test', 'wrap-many.ts');
let fake: FakeConsole | undefined;
let n = 0;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-escrow-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function escrowPair() {
  const identity = await age.generateX25519Identity();
  return { identity, recipient: await age.identityToRecipient(identity) };
}

const open = async (identity: string, armoured: string) => {
  const d = new age.Decrypter();
  d.addIdentity(identity);
  return Buffer.from(await d.decrypt(age.armor.decode(armoured)));
};

/** What Debian's `age -d -i <identity file>` prints for the file. */
function ageCli(identity: string, armoured: string): Buffer {
  const dir = fs.mkdtempSync(path.join(root, 'age-'));
  fs.writeFileSync(path.join(dir, 'id.txt'), identity + '\n', { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'key.age'), armoured);
  return execFileSync('age', ['-d', '-i', path.join(dir, 'id.txt'), path.join(dir, 'key.age')]);
}

const until = async (cond: () => boolean, ms = 8_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the wrapped key (an age file to the escrow recipient)', () => {
  it('opens with the escrow identity in age-encryption and in `age -d`, with no other', async () => {
    const { identity, recipient } = await escrowPair();
    const state = new StateDir(path.join(root, `state-${++n}`));
    const key = loadKey(state, true)!;
    const wrapped = await wrapKey(key, recipient);
    expect(wrapped).toMatch(
      /^-----BEGIN AGE ENCRYPTED FILE-----\n[A-Za-z0-9+/=\n]+\n-----END AGE ENCRYPTED FILE-----\n$/,
    );
    expect(wrapped.length).toBeLessThan(2048);
    expect(wrapped).not.toContain(key.key.toString('base64'));
    expect(await open(identity, wrapped)).toEqual(key.key);
    expect(ageCli(identity, wrapped)).toEqual(key.key);
    // Each wrap is new (ephemeral share, file key): two files of one key differ.
    expect(await wrapKey(key, recipient)).not.toBe(wrapped);
    const other = await escrowPair();
    await expect(open(other.identity, wrapped)).rejects.toThrow(/no identity matched/);
  });

  it('writes the same file natively for the simulator, read by both', async () => {
    const { identity, recipient } = await escrowPair();
    const data = randomBytes(32);
    const file = ageFileNative(new NativeX25519Recipient(recipient), data);
    expect(await open(identity, file)).toEqual(data);
    expect(ageCli(identity, file)).toEqual(data);
    // Larger data, whose stanza and armour lines fall differently, and the package's own
    // encrypter around the native recipient.
    const big = randomBytes(1000);
    expect(await open(identity, ageFileNative(new NativeX25519Recipient(recipient), big))).toEqual(
      big,
    );
    expect(ageCli(identity, await ageEncryptTo(recipient, big))).toEqual(big);
  });

  // Node 20 deadlocked on exporting a key generateKeyPairSync had made when a full collection
  // ran inside the export (okp-key.ts): the simulator froze after some 50,000 wraps. A small heap
  // makes those collections frequent; before the fix, 2 of 5 such runs of 10,000 wraps hung (the
  // lint rule on generateKeyPairSync is the sure guard). In a process of its own: a thread that
  // waits on itself would hold this worker for ever.
  it('wraps thousands of keys under a small heap without freezing', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--max-semi-space-size=1', '--max-old-space-size=32', wrapMany, '10000'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    const [code, signal] = await once(child, 'exit');
    clearTimeout(timer);
    expect({ code, signal, out: out.trim() }).toEqual({
      code: 0,
      signal: null,
      out: 'wrapped 10000',
    });
  }, 60_000);

  it('refuses what is not an age X25519 recipient', async () => {
    const { recipient } = await escrowPair();
    expect(recipientBytes(recipient)).toHaveLength(32);
    const broken = recipient.slice(0, -1) + (recipient.endsWith('q') ? 'p' : 'q');
    expect(() => recipientBytes(broken)).toThrow(/not an age X25519 recipient/);
    expect(() => recipientBytes('age1pq1' + recipient.slice(5))).toThrow();
    expect(() => new NativeX25519Recipient('AGE-SECRET-KEY-1XYZ')).toThrow();
  });
});

describe('the keys in the state', () => {
  it('lists none before the first encryption, then the key by its id, not escrowed', async () => {
    const state = new StateDir(path.join(root, `state-${++n}`));
    expect(dataKeys(state)).toEqual([]);
    expect((await engineState(state)).keys).toEqual([]);
    const key = loadKey(state, true)!;
    const id = createHash('sha256').update(key.key).digest('hex').slice(0, 16);
    const reported = await engineState(state);
    expect(reported.keys).toEqual([{ id, escrow: null }]);
    // What the console's schema takes.
    expect(ZEngineState.parse(reported).keys).toEqual([{ id, escrow: null }]);
  });
});

describe('the escrow round (fake console)', () => {
  async function running() {
    fake = await startFakeConsole({ interval: 1 });
    const dir = path.join(root, `state-${++n}`);
    await enrol({ url: fake.url, secret: fake.secret, dir, log: () => {} });
    const state = new StateDir(dir);
    const controller = new AbortController();
    const lines: string[] = [];
    const done = runEngine({
      dir,
      signal: controller.signal,
      push: false,
      watchAccess: false,
      log: (l) => lines.push(l),
    });
    return { state, lines, stop: () => (controller.abort(), done) };
  }

  it('escrows a new key at the next check-in, shows it escrowed, and again under a new escrow key', async () => {
    const first = await escrowPair();
    const { state, lines, stop } = await running();
    fake!.escrowKey = { id: randomUUID(), recipient: first.recipient };
    try {
      // No key yet: the check-ins list none and the console gives no escrow key.
      await until(() => fake!.checkIns.length >= 1);
      expect(fake!.checkIns[0]!.state.keys).toEqual([]);
      expect(fake!.escrowed).toEqual([]);
      // The engine makes its key (its first encryption): the next check-in lists it, the
      // answer gives the escrow key, and the key goes wrapped to it at once.
      const key = loadKey(state, true)!;
      const id = key.id.toString('hex');
      await until(() => fake!.escrowed.length === 1);
      const [sent] = fake!.escrowed;
      expect(sent).toMatchObject({ id, escrow: fake!.escrowKey.id });
      expect(await open(first.identity, sent!.wrapped)).toEqual(key.key);
      // Its next state shows it escrowed; nothing is sent again.
      await until(() => fake!.checkIns.at(-1)!.state.keys[0]?.escrow === fake!.escrowKey!.id);
      expect(
        state.readJson<{ keys: Record<string, { escrow: string }> }>('escrow.json')!.keys[id],
      ).toMatchObject({ escrow: fake!.escrowKey.id });
      const seen = fake!.checkIns.length;
      await until(() => fake!.checkIns.length >= seen + 1);
      expect(fake!.escrowed).toHaveLength(1);

      // The escrow key changes (a rotation): the key is wrapped to the new one.
      const second = await escrowPair();
      fake!.escrowKey = { id: randomUUID(), recipient: second.recipient };
      await until(() => fake!.escrowed.length === 2);
      expect(fake!.escrowed[1]).toMatchObject({ id, escrow: fake!.escrowKey.id });
      expect(await open(second.identity, fake!.escrowed[1]!.wrapped)).toEqual(key.key);
      await until(() => fake!.checkIns.at(-1)!.state.keys[0]?.escrow === fake!.escrowKey!.id);
    } finally {
      await stop();
    }
    expect(fake!.invalid).toEqual([]);
    expect(lines.filter((l) => /escrowed under escrow key/.test(l))).toHaveLength(2);
    // The log names ids, never the key.
    const key = loadKey(state, false)!;
    expect(lines.join('\n')).not.toContain(key.key.toString('base64'));
    expect(lines.join('\n')).not.toContain(key.key.toString('hex'));
  });

  it('tries again at the next check-in when the keys call fails, said once', async () => {
    const { recipient } = await escrowPair();
    const { state, lines, stop } = await running();
    loadKey(state, true);
    fake!.keysMode = 'down';
    fake!.escrowKey = { id: randomUUID(), recipient };
    try {
      await until(() => fake!.checkIns.filter((c) => c.state.keys.length).length >= 2);
      expect(dataKeys(state)[0]!.escrow).toBeNull();
      fake!.keysMode = 'ack';
      await until(() => dataKeys(state)[0]?.escrow === fake!.escrowKey!.id);
    } finally {
      await stop();
    }
    expect(lines.filter((l) => /data keys not escrowed/.test(l))).toHaveLength(1);
    expect(fake!.escrowed).toHaveLength(1);
  });

  it('sends nothing while the console has no escrow key (keys not initialised)', async () => {
    const { state, stop } = await running();
    loadKey(state, true);
    try {
      await until(() => fake!.checkIns.filter((c) => c.state.keys.length).length >= 2);
    } finally {
      await stop();
    }
    expect(fake!.escrowed).toEqual([]);
    expect(dataKeys(state)[0]!.escrow).toBeNull();
  });
});
