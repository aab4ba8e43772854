import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { armor, Decrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckInAnswer } from '@edp/shared/contracts/agent';
import type { TEscrowPage, TKeyStatus, TRecovery, TSplit } from '@edp/shared/contracts/keys';
import { CommonErr, ConsoleErr, KeyErr } from '@edp/shared/errors';
import { consoleAudit } from '../../platform/db/schema/index.ts';
import { ageEncrypt, newAgeIdentity } from '../../platform/keys/index.ts';
import { call, createPeerApp, createTestApp, type TestContext } from '../../test/harness.ts';
import {
  NEW_PASSWORD,
  PASSWORD,
  as,
  pwd,
  setupTenant,
  signIn,
} from '../../test/console-fixture.ts';

const host = 'keys.example';
const hostB = 'keys-b.example';
const HOUR = 3_600_000;
const hasAgeCli = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v age'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A data key as an engine makes one: 32 bytes, its id the first 8 bytes of its SHA-256. */
function dataKey() {
  const key = randomBytes(32);
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) };
}
const engineState = (keys: { id: string; escrow: string | null }[]) => ({
  install: 'installed',
  detection: 'ok',
  activation: 'inactive',
  version: '1.0.0',
  keys,
});

/**
 * Key management under dual control (docs/keys.md) through the console's calls and the engine
 * protocol, on a clock moved by hand: initialise, split, download and confirm shares; an engine
 * escrows its data key; M−1 shares leave a recovery open, the M-th makes a file that age-encryption
 * and Debian's `age` decrypt to the key the engine escrowed; one person never presents twice;
 * expiry, cancel, re-split; a database without its root secret opens nothing; duties and tenants.
 */
describe('keys under dual control', () => {
  let ctx: TestContext;
  let now = Date.parse('2026-11-29T08:00:00Z');
  const clock = () => now;
  let tenantA: string;
  let admin: ReturnType<typeof as>;
  let op: ReturnType<typeof as>;
  let auditor: ReturnType<typeof as>;
  /** The three key managers of tenant A, signed in. */
  const km: Record<string, ReturnType<typeof as>> = {};
  const tokens: Record<string, string> = {};
  /** Each manager's own age identity, which their shares are encrypted to. */
  const ids: Record<string, { identity: string; recipient: string }> = {};
  /** The clear shares of the current split, by holder. */
  let shares: Record<string, string> = {};
  let firstShares: Record<string, string> = {};
  let device: { id: string; token: string };
  const escrowedKey = dataKey();
  /** The requester's identity that recovery files are encrypted to. */
  let delivery: { identity: string; recipient: string };
  const timings: number[] = [];

  /** A download answer: the status and the body as text (an age file, or the envelope). */
  const download = async (who: string, url: string, body: unknown) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body as object,
      headers: { host, 'x-token': tokens[who]! },
    });
    return { status: res.statusCode, text: res.body, type: res.headers['content-type'] };
  };
  const openFile = async (identity: string, file: string) => {
    const d = new Decrypter();
    d.addIdentity(identity);
    return d.decrypt(armor.decode(file), 'text');
  };
  const status = async (who = 'keys') => (await km[who]!<TKeyStatus>('/kss/status')).body.data!;
  const auditOf = (action: string) =>
    ctx.app.platform.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.tenantId, tenantA), eq(consoleAudit.action, action)));

  /** Every holder downloads their share (to their identity) and confirms it. */
  async function takeShares(split: TSplit) {
    const out: Record<string, string> = {};
    for (const h of split.holders) {
      const file = await download(h.account, '/kss/share/download', {
        protect: { kind: 'recipient', recipient: ids[h.account]!.recipient },
      });
      expect(file.status).toBe(200);
      out[h.account] = await openFile(ids[h.account]!.identity, file.text);
    }
    for (const h of split.holders) {
      const confirmed = await km[h.account]!('/kss/share/confirm', { share: out[h.account] });
      expect(confirmed.body).toMatchObject({ success: true });
    }
    return out;
  }
  const ask = (who = 'keys', extra: object = {}) =>
    km[who]!<{ id: string }>('/kss/recovery/ask', {
      deviceId: device.id,
      reason: 'files of a broken disk',
      deliver: { kind: 'recipient', recipient: delivery.recipient },
      ...extra,
    });
  const present = (who: string, id: string, share = shares[who]) =>
    km[who]!<TRecovery>('/kss/recovery/present', { id, share });

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, clock);
    tenantA = await setupTenant(ctx.app, host);
    const saToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, hostB, { prefix: 'b-', headers: { 'x-token': saToken } });
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'keyManagers',
      menu: 'kss',
      permission: 'write',
      groupIds: [],
    });
    for (const account of ['k2', 'k3']) {
      const added = await admin('/user/add', {
        account,
        name: account.toUpperCase(),
        password: pwd(PASSWORD),
        roleId: role.body.data!.id,
      });
      expect(added.body).toMatchObject({ success: true });
    }
    for (const account of ['keys', 'k2', 'k3']) {
      tokens[account] = await signIn(ctx.app, host, account);
      km[account] = as(ctx.app, host, tokens[account]);
      ids[account] = await newAgeIdentity();
    }
    delivery = await newAgeIdentity();
    // An engine enrolled before the keys were initialised, listing one data key.
    const group = (await admin<{ id: string }>('/user/group/add', { name: 'Finance' })).body.data!
      .id;
    const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
      .data!.secret;
    const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
      secret,
      identity: {
        name: 'fin-01',
        ip: '10.9.0.1',
        systemType: 'Linux',
        version: '1.0.0',
        kind: 'TDE',
        fingerprint: randomBytes(32).toString('hex'),
      },
      state: engineState([{ id: escrowedKey.id, escrow: null }]),
    });
    device = { id: made.body.data!.deviceId, token: made.body.data!.token };
  });
  afterAll(() => ctx?.close());

  /** A check-in a minute after the last (sooner ones are refused as too often). */
  const checkIn = (keys: { id: string; escrow: string | null }[]) => {
    now += 60_000;
    return call<TCheckInAnswer>(
      ctx.app,
      '/agent/checkin',
      { state: engineState(keys) },
      { authorization: `Bearer ${device.token}` },
    );
  };

  it('initialises once, with a first split among named key managers', async () => {
    const before = await status();
    expect(before).toMatchObject({ initialised: false, dualControl: false });
    expect(before.keyManagers.map((k) => k.account)).toEqual(['k2', 'k3', 'keys']);
    // Before initialisation a check-in is handed no escrow key.
    expect((await checkIn([{ id: escrowedKey.id, escrow: null }])).body.data!.escrow).toBe(
      undefined,
    );

    const notManager = await km.keys!('/kss/init', {
      split: { threshold: 2, holders: ['keys', 'operator'] },
    });
    expect(notManager.body.errCode).toBe(KeyErr.NotKeyManager);
    const init = await km.keys!<TKeyStatus>('/kss/init', {
      split: { threshold: 2, holders: ['keys', 'k2', 'k3'] },
    });
    expect(init.body).toMatchObject({ success: true });
    expect(init.body.data).toMatchObject({
      initialised: true,
      dualControl: false,
      dualControlOff: 'splitPending',
      activeSplit: null,
      myShare: { splitState: 'pending', share: 'ready' },
    });
    expect(init.body.data!.pendingSplit!.holders).toHaveLength(3);
    const again = await km.k2!('/kss/init', {});
    expect(again.body.errCode).toBe(KeyErr.AlreadyInitialised);
  });

  it('hands each share once and activates the split when every holder confirmed', async () => {
    const split = (await status()).pendingSplit!;
    // A passphrase works too (age's scrypt, read by age-encryption's own).
    const byPassphrase = await download('k2', '/kss/share/download', {
      protect: { kind: 'passphrase', passphrase: 'a long passphrase of k2' },
    });
    expect(byPassphrase.status).toBe(200);
    expect(byPassphrase.text).toMatch(/^-----BEGIN AGE ENCRYPTED FILE-----/);
    const d = new Decrypter();
    d.addPassphrase('a long passphrase of k2');
    const k2Share = await d.decrypt(armor.decode(byPassphrase.text), 'text');
    expect(k2Share).toMatch(new RegExp(`^edp-share\\.1\\.${split.id}\\.`));
    const twice = await download('k2', '/kss/share/download', {
      protect: { kind: 'recipient', recipient: ids.k2!.recipient },
    });
    expect(JSON.parse(twice.text)).toMatchObject({ errCode: KeyErr.ShareDownloaded });

    const keysFile = await download('keys', '/kss/share/download', {
      protect: { kind: 'recipient', recipient: ids.keys!.recipient },
    });
    const keysShare = await openFile(ids.keys!.identity, keysFile.text);
    // Confirming another's share is refused; one's own counts.
    expect((await km.k2!('/kss/share/confirm', { share: keysShare })).body.errCode).toBe(
      KeyErr.ShareMismatch,
    );
    expect((await km.k2!('/kss/share/confirm', { share: k2Share })).body).toMatchObject({
      success: true,
    });
    expect((await km.keys!('/kss/share/confirm', { share: keysShare })).body).toMatchObject({
      success: true,
    });
    expect((await status()).pendingSplit!.state).toBe('pending');
    const k3File = await download('k3', '/kss/share/download', {
      protect: { kind: 'recipient', recipient: ids.k3!.recipient },
    });
    const k3Share = await openFile(ids.k3!.identity, k3File.text);
    await km.k3!('/kss/share/confirm', { share: k3Share });
    const after = await status();
    expect(after).toMatchObject({ dualControl: true, dualControlOff: null, pendingSplit: null });
    expect(after.activeSplit).toMatchObject({ id: split.id, state: 'active', threshold: 2 });
    expect(after.activeSplit!.holders.every((h) => h.share === 'confirmed')).toBe(true);
    shares = { keys: keysShare, k2: k2Share, k3: k3Share };
    firstShares = shares;
  });

  it('keeps what the engine escrows: check-in, wrapped key, escrow coverage', async () => {
    const answer = (await checkIn([{ id: escrowedKey.id, escrow: null }])).body.data!;
    expect(answer.escrow).toMatchObject({ recipient: expect.stringMatching(/^age1/) });
    const escrowKey = answer.escrow!;
    expect((await status()).escrow).toEqual({ devicesWithKeys: 1, notEscrowed: 1 });
    const missing = await km.keys!<TEscrowPage>('/kss/escrow/list', { filter: 'missing' });
    expect(missing.body.data!.items.map((i) => i.deviceId)).toEqual([device.id]);

    const wrapped = await ageEncrypt({ recipient: escrowKey.recipient }, escrowedKey.key);
    const sent = await call<{ acknowledged: string[] }>(
      ctx.app,
      '/agent/keys',
      { keys: [{ id: escrowedKey.id, escrow: escrowKey.id, wrapped }] },
      { authorization: `Bearer ${device.token}` },
    );
    expect(sent.body.data!.acknowledged).toEqual([escrowedKey.id]);
    // The next state shows it escrowed: no escrow key asked any more.
    expect((await checkIn([{ id: escrowedKey.id, escrow: escrowKey.id }])).body.data!.escrow).toBe(
      undefined,
    );
    expect((await status()).escrow).toEqual({ devicesWithKeys: 1, notEscrowed: 0 });
    expect(
      (await km.keys!<TEscrowPage>('/kss/escrow/list', { filter: 'missing' })).body.data!.items,
    ).toEqual([]);
    const one = await op<{ keys: { keyId: string; escrowedAt: string | null }[] }>(
      '/kss/escrow/device',
      { deviceId: device.id },
    );
    expect(one.body.data!.keys).toEqual([
      expect.objectContaining({ keyId: escrowedKey.id, escrowedAt: expect.any(String) }),
    ]);
  });

  it('needs M different holders, each with their own share; the M-th makes the file', async () => {
    const { id } = (await ask()).body.data!;
    const first = await present('keys', id);
    expect(first.body.data).toMatchObject({ state: 'open', presented: [{ account: 'keys' }] });
    // M−1 shares: still open. The same person again, another's share, a malformed one: refused.
    expect((await present('keys', id)).body.errCode).toBe(KeyErr.AlreadyPresented);
    expect((await present('keys', id, shares.k2)).body.errCode).toBe(KeyErr.ShareOfAnother);
    expect((await present('k2', id, shares.keys)).body.errCode).toBe(KeyErr.ShareOfAnother);
    const split = shares.k2!.split('.')[2]!;
    expect((await present('k2', id, `edp-share.1.${split}.${'A'.repeat(41)}`)).body.errCode).toBe(
      KeyErr.ShareMalformed,
    );
    const refused = (await auditOf('/kss/recovery/present')).filter((e) => e.result === 'failure');
    expect(refused.map((e) => e.errCode).sort()).toEqual(
      [
        KeyErr.AlreadyPresented,
        KeyErr.ShareOfAnother,
        KeyErr.ShareOfAnother,
        KeyErr.ShareMalformed,
      ].sort(),
    );
    expect(refused.every((e) => e.target === `fin-01 ${escrowedKey.id}`)).toBe(true);
    expect(
      (await km.keys!<{ items: TRecovery[] }>('/kss/recovery/list', {})).body.data!.items[0],
    ).toMatchObject({ id, state: 'open', mayPresent: false });

    const t0 = performance.now();
    const last = await present('k2', id);
    timings.push(performance.now() - t0);
    // Completed: the file waits for its requester, not for the one who presented last.
    expect(last.body.data).toMatchObject({ state: 'completed', mayDownload: false });
    expect(
      (await km.keys!<{ items: TRecovery[] }>('/kss/recovery/list', {})).body.data!.items[0],
    ).toMatchObject({ id, mayDownload: true });

    // Only the requester downloads, once.
    expect(JSON.parse((await download('k2', '/kss/recovery/file', { id })).text)).toMatchObject({
      errCode: KeyErr.NotRequester,
    });
    const file = await download('keys', '/kss/recovery/file', { id });
    expect(file.status).toBe(200);
    expect(JSON.parse((await download('keys', '/kss/recovery/file', { id })).text)).toMatchObject({
      errCode: KeyErr.FileGone,
    });
    const payload = JSON.parse(await openFile(delivery.identity, file.text)) as {
      key: string;
    };
    expect(payload).toEqual({
      format: 'edp-recovery/v1',
      deviceId: device.id,
      keyId: escrowedKey.id,
      key: escrowedKey.key.toString('base64'),
    });
    if (hasAgeCli) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-age-'));
      fs.writeFileSync(path.join(dir, 'id.txt'), `${delivery.identity}\n`);
      fs.writeFileSync(path.join(dir, 'recovery.age'), file.text);
      const clear = execFileSync('age', [
        '-d',
        '-i',
        path.join(dir, 'id.txt'),
        path.join(dir, 'recovery.age'),
      ]).toString();
      fs.rmSync(dir, { recursive: true, force: true });
      expect(JSON.parse(clear)).toEqual(payload);
    }
    // No audit entry holds a key or a share.
    const entries = JSON.stringify(
      await ctx.app.platform.db
        .select()
        .from(consoleAudit)
        .where(eq(consoleAudit.tenantId, tenantA)),
    );
    expect(entries).not.toContain(escrowedKey.key.toString('base64'));
    for (const s of Object.values(shares)) expect(entries).not.toContain(s.split('.')[3]);
  });

  it('makes the recovery file in under a second from the last share (median of 5)', async () => {
    for (let i = 0; i < 4; i++) {
      const { id } = (await ask('k3')).body.data!;
      await present('k3', id);
      const t0 = performance.now();
      const last = await present(i % 2 ? 'keys' : 'k2', id);
      timings.push(performance.now() - t0);
      expect(last.body.data!.state).toBe('completed');
    }
    const median = [...timings].sort((a, b) => a - b)[2]!;
    console.log(`last share to recovery file: ${timings.map((t) => t.toFixed(0)).join(', ')} ms`);
    expect(median).toBeLessThan(1_000);
  });

  it('delivers to a passphrase derived at ask time', async () => {
    const { id } = (
      await ask('k2', { deliver: { kind: 'passphrase', passphrase: 'recovery passphrase 1' } })
    ).body.data!;
    await present('k2', id);
    await present('k3', id);
    const file = await download('k2', '/kss/recovery/file', { id });
    const d = new Decrypter();
    d.addPassphrase('recovery passphrase 1');
    const payload = JSON.parse(await d.decrypt(armor.decode(file.text), 'text')) as object;
    expect(payload).toMatchObject({ keyId: escrowedKey.id });
  });

  it('cancels and expires open recoveries, forgetting the shares presented', async () => {
    const cancelled = (await ask()).body.data!.id;
    await present('keys', cancelled);
    expect(
      (await km.k2!<TRecovery>('/kss/recovery/cancel', { id: cancelled })).body.data,
    ).toMatchObject({ state: 'cancelled' });
    expect((await present('k2', cancelled)).body.errCode).toBe(KeyErr.RecoveryNotOpen);

    const expiring = (await ask()).body.data!.id;
    await present('keys', expiring);
    now += 25 * HOUR;
    expect(await ctx.app.services.recoveries.expireDue()).toBe(1);
    // Sessions end after 30 idle minutes of the clock: everyone signs in again.
    for (const a of ['keys', 'k2', 'k3']) {
      tokens[a] = await signIn(ctx.app, host, a, NEW_PASSWORD);
      km[a] = as(ctx.app, host, tokens[a]);
    }
    const again = (account: string) =>
      signIn(ctx.app, host, account, NEW_PASSWORD).catch(() => signIn(ctx.app, host, account));
    admin = as(ctx.app, host, await again('admin'));
    op = as(ctx.app, host, await again('operator'));
    auditor = as(ctx.app, host, await again('auditor'));
    expect((await present('k2', expiring)).body.errCode).toBe(KeyErr.RecoveryNotOpen);
    const listed = await km.keys!<{ items: TRecovery[] }>('/kss/recovery/list', {
      state: 'expired',
    });
    expect(listed.body.data!.items.map((r) => r.id)).toEqual([expiring]);
    const expired = (await auditOf('/kss/recovery/ask')).filter(
      (e) => (e.detail as { note?: string } | null)?.note === 'expired',
    );
    expect(expired).toHaveLength(1);
  });

  it('refuses the shares of an earlier split once a new one is active', async () => {
    const split = await km.k2!<TSplit>('/kss/split', { threshold: 2, holders: ['keys', 'k2'] });
    expect(split.body.data).toMatchObject({ state: 'pending', threshold: 2 });
    expect(
      (await km.keys!('/kss/split', { threshold: 2, holders: ['keys', 'k3'] })).body.errCode,
    ).toBe(KeyErr.SplitPending);
    shares = await takeShares(split.body.data!);
    expect((await status()).activeSplit!.id).toBe(split.body.data!.id);

    const { id } = (await ask()).body.data!;
    expect((await present('keys', id, firstShares.keys)).body.errCode).toBe(KeyErr.ShareRetired);
    expect((await present('k3', id, firstShares.k3)).body.errCode).toBe(KeyErr.ShareRetired);
    // The escrow identity was wrapped again under the new KEK: the new shares recover.
    await present('keys', id);
    expect((await present('k2', id)).body.data!.state).toBe('completed');
  });

  it('opens nothing with another root secret', async () => {
    const other = randomBytes(32).toString('base64');
    const peer = await createPeerApp(ctx, { CONSOLE_KEY_SECRET: other }, clock);
    try {
      const { id } = (await ask()).body.data!;
      await present('keys', id);
      const res = await call<TRecovery>(
        peer,
        '/kss/recovery/present',
        { id, share: shares.k2 },
        { host, 'x-token': tokens.k2! },
      );
      expect(res.body.errCode).toBe(KeyErr.Sealed);
      await expect(ctx.app.services.keys.currentKek(tenantA)).resolves.toBeTruthy();
      await expect(peer.services.keys.currentKek(tenantA)).rejects.toMatchObject({
        code: KeyErr.Sealed,
      });
    } finally {
      await peer.close();
    }
  });

  it('lets the key manager write, the auditor read, no one else either', async () => {
    expect((await auditor('/kss/status')).body).toMatchObject({ success: true });
    expect((await auditor('/kss/recovery/list')).body).toMatchObject({ success: true });
    expect((await auditor('/kss/escrow/list')).body).toMatchObject({ success: true });
    for (const who of [admin, op]) expect((await who('/kss/status')).status).toBe(403);
    for (const who of [admin, op, auditor]) {
      expect((await who('/kss/split', { threshold: 2, holders: ['keys', 'k2'] })).status).toBe(403);
      expect(
        (
          await who('/kss/recovery/ask', {
            deviceId: device.id,
            reason: 'x',
            deliver: { kind: 'recipient', recipient: delivery.recipient },
          })
        ).status,
      ).toBe(403);
    }
  });

  it("shows a key manager only the devices of their role's groups", async () => {
    const lab = (await admin<{ id: string }>('/user/group/add', { name: 'Lab' })).body.data!.id;
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'labKeys',
      menu: 'kss',
      permission: 'write',
      groupIds: [lab],
    });
    await admin('/user/add', {
      account: 'k4',
      name: 'K4',
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
    });
    const k4 = as(ctx.app, host, await signIn(ctx.app, host, 'k4'));
    expect((await k4<TEscrowPage>('/kss/escrow/list', {})).body.data!.items).toEqual([]);
    expect((await k4<TKeyStatus>('/kss/status')).body.data!.escrow).toEqual({
      devicesWithKeys: 0,
      notEscrowed: 0,
    });
    expect((await k4('/kss/escrow/device', { deviceId: device.id })).body.errCode).toBe(
      ConsoleErr.DeviceHidden,
    );
    const asked = await k4('/kss/recovery/ask', {
      deviceId: device.id,
      reason: 'x',
      deliver: { kind: 'recipient', recipient: delivery.recipient },
    });
    expect(asked.body.errCode).toBe(ConsoleErr.DeviceHidden);
    const recovery = (await km.keys!<{ items: TRecovery[] }>('/kss/recovery/list')).body.data!
      .items[0]!;
    expect((await k4<{ items: TRecovery[] }>('/kss/recovery/list')).body.data!.items).toEqual([]);
    expect((await k4('/kss/recovery/cancel', { id: recovery.id })).body.errCode).toBe(
      CommonErr.NotFound,
    );
  });

  it('keeps tenants apart; one key manager initialises without dual control', async () => {
    const b = as(ctx.app, hostB, await signIn(ctx.app, hostB, 'b-keys'));
    const own = (await b<TKeyStatus>('/kss/status')).body.data!;
    expect(own).toMatchObject({ initialised: false, dualControlOff: 'oneKeyManager' });
    expect((await b('/kss/escrow/device', { deviceId: device.id })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    const recovery = (await km.keys!<{ items: TRecovery[] }>('/kss/recovery/list')).body.data!
      .items[0]!;
    expect(
      (await b('/kss/recovery/present', { id: recovery.id, share: shares.keys })).body.errCode,
    ).toBe(CommonErr.NotFound);
    const init = await b<TKeyStatus>('/kss/init', {});
    expect(init.body.data).toMatchObject({
      initialised: true,
      dualControl: false,
      dualControlOff: 'oneKeyManager',
    });
    expect(
      (
        await b('/kss/recovery/ask', {
          deviceId: device.id,
          reason: 'x',
          deliver: { kind: 'recipient', recipient: delivery.recipient },
        })
      ).body.errCode,
    ).toBe(KeyErr.DualControlOff);

    // The vendor sees that each tenant initialised its keys, and nothing of them.
    const sa = await ctx.app.platform.sessions.create({ kind: 'vendor', subjectId: randomUUID() });
    const tenants = await call<{ list: { domain: string; keyInitialised: boolean }[] }>(
      ctx.app,
      '/sa/ows',
      {},
      { 'x-token': sa },
    );
    expect(tenants.body.data!.list.map((t) => [t.domain, t.keyInitialised]).sort()).toEqual(
      [
        [host, true],
        [hostB, true],
      ].sort(),
    );
  });
});
