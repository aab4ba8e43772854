import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as age from 'age-encryption';
import type { TDeviceEscrow, TKeyStatus, TRecovery } from '@edp/shared/contracts/keys';
import { startRealConsole, type RealConsole } from './test/real-console.ts';
import { enrol, runEngine } from './engine.ts';
import { ops } from './ops.ts';
import { StateDir } from './state-dir.ts';
import { loadKey } from './tde.ts';
import { makeVendor } from './test/licence-fixture.ts';
import { PASSWORD, as, pwd, signIn } from '../../server/src/test/console-fixture.ts';
import { runEngineCommand } from './test/engine-file.ts';

/**
 * Escrow and recovery end to end (issue 37, docs/keys.md): the real engine protects a folder and
 * its key shows escrowed in the real console; its state directory is deleted; two key managers
 * recover the key; the engine's `recover` command decrypts the folder with the recovery file the
 * console delivered, every byte back, and puts the key back.
 */
const host = 'escrow.example';
const PASSPHRASE = 'the recovery passphrase';
let real: RealConsole;
/** The two key managers, signed in, with their tokens (downloads are read as text). */
const km: Record<string, { call: ReturnType<typeof as>; token: string }> = {};
/** Their shares of the active split, as they decrypted them. */
const shares: Record<string, string> = {};

/** A download (a share or a recovery file): the age file as text, or the refusal's envelope. */
async function download(who: string, url: string, body: object) {
  const res = await real.ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body,
    headers: { host, 'x-token': km[who]!.token },
  });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.body;
}

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

beforeAll(async () => {
  real = await startRealConsole(host, 'edp-agent-real-escrow-');
  // A second key manager beside the set-up's ("keys"): a recovery needs two people.
  const role = await real.admin<{ id: string }>('/user/role/add', {
    name: 'keyManagers',
    menu: 'kss',
    permission: 'write',
    groupIds: [],
  });
  const added = await real.admin('/user/add', {
    account: 'k2',
    name: 'K2',
    password: pwd(PASSWORD),
    roleId: role.body.data!.id,
  });
  if (!added.body.success) throw new Error(JSON.stringify(added.body));
  for (const account of ['keys', 'k2']) {
    const token = await signIn(real.ctx.app, host, account);
    km[account] = { token, call: as(real.ctx.app, host, token) };
  }
  // The keys, split 2 of 2; each holder downloads their share to their own age identity and
  // confirms it.
  const init = await km.keys!.call<TKeyStatus>('/kss/init', {
    split: { threshold: 2, holders: ['keys', 'k2'] },
  });
  if (!init.body.success) throw new Error(JSON.stringify(init.body));
  for (const account of ['keys', 'k2']) {
    const identity = await age.generateX25519Identity();
    const file = await download(account, '/kss/share/download', {
      protect: { kind: 'recipient', recipient: await age.identityToRecipient(identity) },
    });
    const d = new age.Decrypter();
    d.addIdentity(identity);
    shares[account] = await d.decrypt(age.armor.decode(file), 'text');
    const confirmed = await km[account]!.call('/kss/share/confirm', { share: shares[account] });
    if (!confirmed.body.success) throw new Error(JSON.stringify(confirmed.body));
  }
}, 120_000);
afterAll(() => real?.close());

/** Asks `read` until `done` holds of its answer (20 s at most). */
async function until<T>(read: () => Promise<T>, done: (t: T) => boolean): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const t = await read();
    if (done(t) || Date.now() > end) return t;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const cli = runEngineCommand;

describe('escrow and recovery with the real console', { timeout: 90_000 }, () => {
  it('escrows the key of a protected folder, and recovers the folder after the state is lost', async () => {
    // A TDE engine of its own device, licensed, protects a folder: its key is made.
    const name = 'file-server-07';
    const dir = path.join(real.root, name);
    const fingerprint = createHash('sha256').update(name).digest('hex');
    const { deviceId } = await enrol({
      url: real.url,
      secret: real.secret,
      dir,
      kind: 'TDE',
      name,
      fingerprint,
      log: () => {},
    });
    const state = new StateDir(dir);
    const vendor = makeVendor(fs.mkdtempSync(path.join(real.root, 'vendor-')));
    const lic = path.join(real.root, `${name}.lic`);
    fs.writeFileSync(lic, vendor.certificate({ kind: 'TDE', fingerprint }));
    expect((await ops.installLicence(state, lic, vendor.keyFile)).code).toBe(0);
    const data = path.join(real.root, 'shares');
    fs.mkdirSync(path.join(data, 'finance'), { recursive: true });
    fs.writeFileSync(path.join(data, 'finance', 'budget.csv'), 'q1,q2\n10,20\n');
    fs.writeFileSync(path.join(data, 'contract.pdf'), createHash('sha512').update('x').digest());
    const before = tree(data);
    expect((await ops.protectTde(state, data)).code).toBe(0);
    const key = loadKey(state, false)!;
    const keyId = key.id.toString('hex');

    // Running, it checks in, is handed the escrow key and escrows its key.
    const controller = new AbortController();
    const lines: string[] = [];
    // One protocol second is 50 ms: the answered 30 s interval lasts 1.5 s.
    const running = runEngine({
      dir,
      secondMs: 50,
      push: false,
      watchAccess: false,
      signal: controller.signal,
      log: (l) => lines.push(l),
    });
    const escrow = await until(
      async () => (await real.op<TDeviceEscrow>('/kss/escrow/device', { deviceId })).body.data!,
      (d) => d.keys.some((k) => k.escrowedAt !== null),
    );
    const status = (await km.keys!.call<TKeyStatus>('/kss/status')).body.data!;
    controller.abort();
    await running;
    expect(escrow.keys).toEqual([
      { keyId, seenAt: expect.any(String), escrowedAt: expect.any(String) },
    ]);
    expect(status.escrow).toEqual({ devicesWithKeys: 1, notEscrowed: 0 });
    const kept = state.readJson<{ keys: Record<string, { escrow: string }> }>('escrow.json')!;
    expect(kept.keys[keyId]!.escrow).toBe(status.escrowKey!.id);
    expect(lines.some((l) => l.includes(`data key ${keyId} escrowed under escrow key`))).toBe(true);

    // The machine's state directory is lost.
    fs.rmSync(dir, { recursive: true, force: true });

    // Two key managers recover the key, to a passphrase; the requester downloads the file.
    const asked = await km.keys!.call<{ id: string }>('/kss/recovery/ask', {
      deviceId,
      reason: 'state directory deleted',
      deliver: { kind: 'passphrase', passphrase: PASSPHRASE },
    });
    expect(asked.body.success).toBe(true);
    const { id } = asked.body.data!;
    expect(
      (await km.keys!.call<TRecovery>('/kss/recovery/present', { id, share: shares.keys })).body
        .data,
    ).toMatchObject({ state: 'open' });
    expect(
      (await km.k2!.call<TRecovery>('/kss/recovery/present', { id, share: shares.k2 })).body.data,
    ).toMatchObject({ state: 'completed', keyId });
    const recoveryFile = path.join(real.root, 'recovery.age');
    fs.writeFileSync(recoveryFile, await download('keys', '/kss/recovery/file', { id }));
    const passphraseFile = path.join(real.root, 'passphrase.txt');
    fs.writeFileSync(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });

    // The engine's recover command: every byte back, the key where the engine keeps it.
    const ran = await cli([
      'recover',
      data,
      '--file',
      recoveryFile,
      '--passphrase-file',
      passphraseFile,
      '--install',
      '--dir',
      dir,
    ]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout.trim().split('\n')[1]!)).toMatchObject({
      deviceId,
      keyId,
      files: 2,
      failed: [],
      key: 'installed',
    });
    expect(tree(data)).toEqual(before);
    expect(fs.readFileSync(path.join(dir, 'tde.key'))).toEqual(key.key);
  });
});
