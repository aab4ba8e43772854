import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { armor, Decrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckInAnswer, TEscrowKey } from '@edp/shared/contracts/agent';
import type { TKeyStatus, TRecovery } from '@edp/shared/contracts/keys';
import type { TTaskItem } from '@edp/shared/contracts/tasks';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { consoleAudit, escrowedKeys } from '../../platform/db/schema/index.ts';
import { ageEncrypt, newAgeIdentity } from '../../platform/keys/index.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { PASSWORD, as, pwd, setupTenant, signIn } from '../../test/console-fixture.ts';

const host = 'rotation.example';

function dataKey() {
  const key = randomBytes(32);
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) };
}
const engineState = (keys: { id: string; escrow: string | null }[], version = '1.0.0') => ({
  install: 'installed',
  detection: 'ok',
  activation: 'inactive',
  version,
  keys,
});

interface Engine {
  name: string;
  id: string;
  token: string;
  key: ReturnType<typeof dataKey>;
  /** The escrow key the engine's state says its key is held under. */
  escrow: string | null;
}

/**
 * Rotation of the escrow key pair and of devices' data keys (docs/keys.md "Rotation"), through
 * the console's calls and the engine protocol on a clock moved by hand: the check-in hands the
 * new recipient to engines escrowed under the old key; progress done / waiting / offline; the old
 * key retired once none is left, or at once by a key manager; a device not re-escrowed yet still
 * recovered; a data-key rotation as a task of `tde.rotate`, to the caller's groups only.
 */
describe('key rotation', () => {
  let ctx: TestContext;
  let now = Date.parse('2026-11-29T08:00:00Z');
  const clock = () => now;
  let tenant: string;
  let admin: ReturnType<typeof as>;
  let op: ReturnType<typeof as>;
  const km: Record<string, ReturnType<typeof as>> = {};
  const tokens: Record<string, string> = {};
  const shares: Record<string, string> = {};
  const engines: Engine[] = [];
  let lab = '';

  const status = async (who = 'keys') => (await km[who]!<TKeyStatus>('/kss/status')).body.data!;
  /** A check-in two seconds after the last (the console refuses them closer than a second). */
  const checkIn = (e: Engine, version = '1.0.0') => {
    now += 2_000;
    return call<TCheckInAnswer>(
      ctx.app,
      '/agent/checkin',
      { state: engineState([{ id: e.key.id, escrow: e.escrow }], version) },
      { authorization: `Bearer ${e.token}` },
    );
  };
  /** The engine wraps its key to the escrow key given and sends it, as escrow.ts does. */
  async function escrowTo(e: Engine, to: TEscrowKey) {
    const wrapped = await ageEncrypt({ recipient: to.recipient }, e.key.key);
    const sent = await call<{ acknowledged: string[] }>(
      ctx.app,
      '/agent/keys',
      { keys: [{ id: e.key.id, escrow: to.id, wrapped }] },
      { authorization: `Bearer ${e.token}` },
    );
    if (sent.body.data!.acknowledged.includes(e.key.id)) e.escrow = to.id;
    return sent.body.data!.acknowledged;
  }
  /** A check-in and, when its answer carries an escrow key, the escrow the engine then does. */
  async function checkInAndEscrow(e: Engine) {
    const answer = (await checkIn(e)).body.data!;
    if (answer.escrow) await escrowTo(e, answer.escrow);
    // Its next state shows the key escrowed (a state change: the console writes its last seen).
    await checkIn(e, `1.0.${now}`);
    return answer;
  }
  const auditOf = (action: string) =>
    ctx.app.platform.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.tenantId, tenant), eq(consoleAudit.action, action)));
  const copiesUnder = async (escrowKeyId: string) =>
    (
      await ctx.app.platform.db
        .select()
        .from(escrowedKeys)
        .where(eq(escrowedKeys.escrowKeyId, escrowKeyId))
    ).length;

  /** Each holder downloads their share of the pending split and confirms it. */
  async function takeShares() {
    for (const who of ['keys', 'k2']) {
      const me = await newAgeIdentity();
      const file = await ctx.app.inject({
        method: 'POST',
        url: '/api/kss/share/download',
        payload: { protect: { kind: 'recipient', recipient: me.recipient } },
        headers: { host, 'x-token': tokens[who]! },
      });
      const d = new Decrypter();
      d.addIdentity(me.identity);
      shares[who] = await d.decrypt(armor.decode(file.body), 'text');
      await km[who]!('/kss/share/confirm', { share: shares[who] });
    }
  }
  /** A recovery of the device's key by both key managers: the key the file holds. */
  async function recover(e: Engine) {
    const delivery = await newAgeIdentity();
    const asked = await km.keys!<{ id: string }>('/kss/recovery/ask', {
      deviceId: e.id,
      reason: 'disk lost during the rotation',
      deliver: { kind: 'recipient', recipient: delivery.recipient },
    });
    expect(asked.body).toMatchObject({ success: true });
    const id = asked.body.data!.id;
    await km.keys!('/kss/recovery/present', { id, share: shares.keys });
    const done = await km.k2!<TRecovery>('/kss/recovery/present', { id, share: shares.k2 });
    expect(done.body.data).toMatchObject({ state: 'completed', keyId: e.key.id });
    const file = await ctx.app.inject({
      method: 'POST',
      url: '/api/kss/recovery/file',
      payload: { id },
      headers: { host, 'x-token': tokens.keys! },
    });
    const d = new Decrypter();
    d.addIdentity(delivery.identity);
    const payload = JSON.parse(await d.decrypt(armor.decode(file.body), 'text')) as {
      key: string;
    };
    return Buffer.from(payload.key, 'base64');
  }

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, clock);
    tenant = await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'keyManagers',
      menu: 'kss',
      permission: 'write',
      groupIds: [],
    });
    await admin('/user/add', {
      account: 'k2',
      name: 'K2',
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
    });
    lab = (await admin<{ id: string }>('/user/group/add', { name: 'Lab' })).body.data!.id;
    const labRole = await admin<{ id: string }>('/user/role/add', {
      name: 'labKeys',
      menu: 'kss',
      permission: 'write',
      groupIds: [lab],
    });
    await admin('/user/add', {
      account: 'k4',
      name: 'K4',
      password: pwd(PASSWORD),
      roleId: labRole.body.data!.id,
    });
    for (const account of ['keys', 'k2', 'k4']) {
      tokens[account] = await signIn(ctx.app, host, account);
      km[account] = as(ctx.app, host, tokens[account]);
    }
    const finance = (await admin<{ id: string }>('/user/group/add', { name: 'Finance' })).body.data!
      .id;
    for (const [name, groupId] of [
      ['fin-01', finance],
      ['fin-02', finance],
      ['lab-01', lab],
    ] as const) {
      const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId })).body.data!
        .secret;
      const key = dataKey();
      const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
        secret,
        identity: {
          name,
          ip: '10.9.0.1',
          systemType: 'Linux',
          version: '1.0.0',
          kind: 'TDE',
          fingerprint: randomBytes(32).toString('hex'),
        },
        state: engineState([{ id: key.id, escrow: null }]),
      });
      engines.push({
        name,
        id: made.body.data!.deviceId,
        token: made.body.data!.token,
        key,
        escrow: null,
      });
    }
    // Keys initialised and split 2 of 2; every engine escrows its key under the first key.
    const init = await km.keys!<TKeyStatus>('/kss/init', {
      split: { threshold: 2, holders: ['keys', 'k2'] },
    });
    expect(init.body).toMatchObject({ success: true });
    await takeShares();
    expect((await status()).dualControl).toBe(true);
    for (const e of engines) {
      now += 20_000;
      await checkInAndEscrow(e);
    }
    expect((await status()).escrow).toEqual({ devicesWithKeys: 3, notEscrowed: 0 });
  });
  afterAll(() => ctx?.close());

  let first = '';
  let second: TEscrowKey;

  it('rotates the escrow key: check-ins hand out the new recipient, progress counts', async () => {
    first = (await status()).escrowKey!.id;
    expect((await status()).escrowRotation).toBeNull();
    const rotated = await km.keys!<TKeyStatus>('/kss/rotate/escrow', {});
    expect(rotated.body).toMatchObject({ success: true });
    const s = rotated.body.data!;
    expect(s.escrowKey!.id).not.toBe(first);
    expect(s.escrowRotation).toEqual({
      fromId: first,
      startedAt: new Date(now).toISOString(),
      progress: { done: 0, waiting: 3, offline: 0 },
    });
    // No key is escrowed under the current key any more.
    expect(s.escrow).toEqual({ devicesWithKeys: 3, notEscrowed: 3 });
    const [fin1, fin2, lab1] = engines as [Engine, Engine, Engine];

    now += 60_000;
    const answer = (await checkIn(fin1)).body.data!;
    expect(answer.escrow).toMatchObject({
      id: s.escrowKey!.id,
      recipient: expect.stringMatching(/^age1/),
    });
    second = answer.escrow!;
    // A key wrapped to the retiring key (a tde.rotate sent before the rotation) is kept under it,
    // and does not count as re-escrowed; wrapped to the new key, it does.
    expect(await escrowTo({ ...fin1 }, { id: first, recipient: second.recipient })).toEqual([
      fin1.key.id,
    ]);
    expect((await status()).escrowRotation!.progress.done).toBe(0);
    expect(await escrowTo(fin1, second)).toEqual([fin1.key.id]);
    await checkIn(fin1, '1.0.1');
    expect((await checkIn({ ...fin1 }, '1.0.2')).body.data!.escrow).toBeUndefined();
    expect((await status()).escrowRotation!.progress).toEqual({ done: 1, waiting: 2, offline: 0 });

    // Ten minutes on, fin-02 checks in (not re-escrowed yet), lab-01 has gone quiet.
    now += 10 * 60_000;
    expect((await checkIn(fin2, '1.0.3')).body.data!.escrow).toMatchObject({ id: second.id });
    expect((await status()).escrowRotation!.progress).toEqual({ done: 1, waiting: 1, offline: 1 });
    // The key manager of Lab counts the devices of Lab only.
    expect((await status('k4')).escrowRotation!.progress).toEqual({
      done: 0,
      waiting: 0,
      offline: 1,
    });
    expect(lab1.escrow).toBe(first);
    const audited = await auditOf('/kss/rotate/escrow');
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited[0]!.detail)).not.toMatch(/AGE-SECRET-KEY/);
  });

  it('recovers a device whose key is escrowed under the retiring key only', async () => {
    const fin2 = engines[1]!;
    expect(fin2.escrow).toBe(first);
    expect((await recover(fin2)).equals(fin2.key.key)).toBe(true);
  });

  it('retires the old key by itself once every device re-escrowed', async () => {
    expect(await copiesUnder(first)).toBe(3);
    now += 60_000;
    await checkInAndEscrow(engines[1]!);
    // A recovery asked now, before the last device re-escrows, completes after the retirement.
    const delivery = await newAgeIdentity();
    const lab1 = engines[2]!;
    const asked = await km.keys!<{ id: string }>('/kss/recovery/ask', {
      deviceId: lab1.id,
      reason: 'asked under the old key',
      deliver: { kind: 'recipient', recipient: delivery.recipient },
    });
    await km.keys!('/kss/recovery/present', { id: asked.body.data!.id, share: shares.keys });
    expect((await status()).escrowRotation!.progress).toEqual({ done: 2, waiting: 0, offline: 1 });
    // The job looks: one device is offline, nothing is retired.
    expect(await ctx.app.services.escrowRotation.retireDone()).toBe(0);
    now += 60_000;
    await checkInAndEscrow(lab1);
    expect(lab1.escrow).toBe(second.id);
    expect(await ctx.app.services.escrowRotation.retireDone()).toBe(1);
    const s = await status();
    expect(s.escrowRotation).toBeNull();
    expect(s.escrow).toEqual({ devicesWithKeys: 3, notEscrowed: 0 });
    expect(await copiesUnder(first)).toBe(0);
    const retired = await auditOf('/kss/rotate/escrow/finish');
    expect(retired.map((a) => a.account)).toEqual(['']);
    // The recovery asked under the old key completes with the copy under the new one.
    const done = await km.k2!<TRecovery>('/kss/recovery/present', {
      id: asked.body.data!.id,
      share: shares.k2,
    });
    expect(done.body.data).toMatchObject({ state: 'completed', keyId: lab1.key.id });
  });

  it('finishes a rotation at once when a key manager says so', async () => {
    const rotated = (await km.k2!<TKeyStatus>('/kss/rotate/escrow', {})).body.data!;
    expect(rotated.escrowRotation).toMatchObject({ fromId: second.id });
    expect((await km.keys!('/kss/rotate/escrow/finish', {})).body.errCode).toBe(CommonErr.Invalid);
    const finished = await km.keys!<TKeyStatus>('/kss/rotate/escrow/finish', { confirm: true });
    expect(finished.body.data!.escrowRotation).toBeNull();
    // Nothing is escrowed under the new key yet: every engine is handed it at its next check-in.
    expect(finished.body.data!.escrow).toEqual({ devicesWithKeys: 3, notEscrowed: 3 });
    expect(await copiesUnder(second.id)).toBe(0);
    // A key wrapped to the retired key is kept under nothing.
    expect(await escrowTo({ ...engines[0]! }, second)).toEqual([]);
    now += 60_000;
    expect((await checkIn(engines[0]!)).body.data!.escrow!.id).toBe(rotated.escrowKey!.id);
    expect(await ctx.app.services.escrowRotation.escrowRotationAffected(tenant)).toBe(3);
    const audited = (await auditOf('/kss/rotate/escrow/finish')).filter(
      (a) => a.result === 'success',
    );
    expect(audited.map((a) => a.account).sort()).toEqual(['', 'keys']);
    // The auditor reads, the operator is refused.
    expect((await op('/kss/rotate/escrow', {})).body.success).toBe(false);
  });

  it("rotates devices' data keys as a task, in the caller's groups only", async () => {
    const [fin1, , lab1] = engines as [Engine, Engine, Engine];
    const current = (await status()).escrowKey!;
    const hidden = await km.k4!('/kss/rotate/device', {
      deviceIds: [lab1.id, fin1.id],
      reason: 'laptop stolen',
    });
    expect(hidden.body.errCode).toBe(ConsoleErr.DeviceHidden);
    const unknown = await km.k4!('/kss/rotate/device', {
      deviceIds: [randomUUID()],
      reason: 'laptop stolen',
    });
    expect(unknown.body.errCode).toBe(CommonErr.NotFound);
    const made = await km.k4!<{ id: string }>('/kss/rotate/device', {
      deviceIds: [lab1.id],
      reason: 'laptop stolen',
    });
    expect(made.body).toMatchObject({ success: true });
    const taskId = made.body.data!.id;
    // The task list shows it, with its progress.
    const task = await op<TTaskItem>('/dv/m/task/info', { id: taskId });
    expect(task.body.data).toMatchObject({
      type: 'tde.rotate',
      total: 1,
      args: { escrow: { id: current.id, recipient: expect.stringMatching(/^age1/) } },
    });
    const rotation = ctx.app.services.escrowRotation;
    expect(await rotation.deviceRotationAffected(tenant, taskId)).toBe(1);
    now += 60_000;
    const answer = (await checkIn(lab1)).body.data!;
    const command = answer.commands.find((c) => c.type === 'tde.rotate')!;
    expect(command.args).toEqual({ escrow: { id: current.id, recipient: expect.any(String) } });
    now += 60_000;
    await call(
      ctx.app,
      '/agent/results',
      { results: [{ id: command.id, code: 0, message: 'Success' }] },
      { authorization: `Bearer ${lab1.token}` },
    );
    // The queue writes results in batches.
    for (let i = 0; i < 50 && (await rotation.deviceRotationAffected(tenant, taskId)) > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await rotation.deviceRotationAffected(tenant, taskId)).toBe(0);
    const audited = await auditOf('/kss/rotate/device');
    expect(audited.map((a) => [a.account, a.result, a.errCode ?? 0])).toEqual(
      expect.arrayContaining([
        ['k4', 'failure', ConsoleErr.DeviceHidden],
        ['k4', 'failure', CommonErr.NotFound],
        ['k4', 'success', 0],
      ]),
    );
  });

  it('wraps a retiring key again when a new split activates, so recoveries still open it', async () => {
    const fin2 = engines[1]!;
    const current = (await checkIn(fin2)).body.data!.escrow!;
    await escrowTo(fin2, current);
    expect(
      (await km.keys!<TKeyStatus>('/kss/rotate/escrow', {})).body.data!.escrowRotation,
    ).toMatchObject({
      fromId: current.id,
    });
    // A new KEK, split again: the retiring escrow key is wrapped again under it.
    expect(
      (await km.keys!('/kss/split', { threshold: 2, holders: ['keys', 'k2'] })).body.success,
    ).toBe(true);
    await takeShares();
    const s = await status();
    expect(s.pendingSplit).toBeNull();
    expect(s.escrowRotation).toMatchObject({ fromId: current.id });
    expect(fin2.escrow).toBe(current.id);
    expect((await recover(fin2)).equals(fin2.key.key)).toBe(true);
  });
});
