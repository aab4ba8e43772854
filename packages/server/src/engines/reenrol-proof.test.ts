import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { enrolStatement } from '@edp/shared/contracts/agent';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import type { TDeviceActivity, TDeviceDetail } from '@edp/shared/contracts/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AgentErr, CommonErr, ConsoleErr, errorMessage } from '@edp/shared/errors';
import { devices } from '../platform/db/index.ts';
import { call, createTestApp, type TestContext } from '../test/harness.ts';
import { NEW_PASSWORD, PASSWORD, as, pwd, setupTenant, signIn } from '../test/console-fixture.ts';

const host = 'reenrol.example';
const state = {
  install: 'installed',
  detection: 'ok',
  activation: 'inactive',
  version: '1.0.0',
} as const;
const identity = (name: string, fingerprint: string) => ({
  name,
  ip: '10.1.2.3',
  systemType: 'Linux',
  version: '1.0.0',
  kind: 'TDE' as const,
  fingerprint,
});
type Enrolled = { deviceId: string; token: string };

/** An engine's key pair, as the reference engine makes it at its first enrolment. */
function engineKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, key: publicKey.export({ format: 'jwk' }).x! };
}
const proofOf = (k: { privateKey: KeyObject; key: string }, fingerprint: string, at: number) => ({
  key: k.key,
  at,
  signature: sign(null, Buffer.from(enrolStatement(fingerprint, k.key, at)), k.privateKey).toString(
    'base64url',
  ),
});

/**
 * Issue 34 point 3: a fingerprint is an identifier, never a credential. Re-enrolling an existing
 * device needs what only its engine holds, or an administrator's explicit allowance.
 */
describe('re-enrolment needs a proof', () => {
  let ctx: TestContext;
  let admin: ReturnType<typeof as>;
  let op: ReturnType<typeof as>;
  let secretA: string;
  let secretB: string;
  let groupA: string;
  let groupB: string;
  let now = Date.parse('2026-11-29T08:00:00Z');
  const clock = () => now;
  const later = (ms: number) => (now += ms);

  const enrol = (body: object) => call<Enrolled>(ctx.app, '/agent/enrol', body);
  const checkIn = (token: string) =>
    call(ctx.app, '/agent/checkin', { state }, { authorization: `Bearer ${token}` });
  const row = async (id: string) =>
    (await ctx.app.platform.db.select().from(devices).where(eq(devices.id, id)))[0]!;

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, clock);
    await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    groupA = (await admin<{ id: string }>('/user/group/add', { name: 'Attackers' })).body.data!.id;
    groupB = (await admin<{ id: string }>('/user/group/add', { name: 'Victims' })).body.data!.id;
    const made = async (groupId: string) =>
      (await op<{ secret: string }>('/dv/m/secret/add', { groupId, name: 'rollout' })).body.data!
        .secret;
    secretA = await made(groupA);
    secretB = await made(groupB);
  }, 60_000);
  afterAll(() => ctx.close());

  it("refuses group A's secret with the fingerprint of B's device, and leaves B's engine alone", async () => {
    const fingerprint = randomBytes(32).toString('hex');
    const victim = await enrol({ secret: secretB, identity: identity('b-01', fingerprint), state });
    expect(victim.body.success).toBe(true);
    const { deviceId, token } = victim.body.data!;
    const before = await row(deviceId);
    later(2_000);

    // The outside tester's request: another group's secret, B's fingerprint, nothing else.
    const takeover = await enrol({
      secret: secretA,
      identity: identity('attacker', fingerprint),
      state,
    });
    expect(takeover.status).toBe(403);
    expect(takeover.body.success).toBe(false);
    expect(takeover.body.data).toBeUndefined();
    expect(takeover.body.errCode).toBe(AgentErr.ReenrolNotProven);

    // The device, its token and its group are untouched; B's engine goes on checking in.
    const after = await row(deviceId);
    expect(after.groupId).toBe(groupB);
    expect(after.tokenHash).toBe(before.tokenHash);
    expect(after.name).toBe('b-01');
    expect((await checkIn(token)).body.success).toBe(true);
  });
  it('enrols the same engine again with its key; a replayed, stale or forged proof is refused', async () => {
    const fingerprint = randomBytes(32).toString('hex');
    const k = engineKey();
    const first = await enrol({
      secret: secretB,
      identity: identity('b-02', fingerprint),
      state,
      proof: proofOf(k, fingerprint, now),
    });
    expect(first.body.success).toBe(true);
    const { deviceId } = first.body.data!;
    expect((await row(deviceId)).engineKey).toBe(k.key);
    later(2_000);

    // The same engine, any live secret (even another group's): the device keeps its group.
    const proof = proofOf(k, fingerprint, now);
    const again = await enrol({
      secret: secretA,
      identity: identity('b-02', fingerprint),
      state,
      proof,
    });
    expect(again.body.success).toBe(true);
    expect(again.body.data!.deviceId).toBe(deviceId);
    expect((await row(deviceId)).groupId).toBe(groupB);
    expect((await checkIn(first.body.data!.token)).body.errCode).toBe(AgentErr.TokenInvalid);
    const token = again.body.data!.token;

    // The same proof again (captured on the way) proves nothing.
    later(2_000);
    const replay = await enrol({
      secret: secretA,
      identity: identity('x', fingerprint),
      state,
      proof,
    });
    expect(replay.body.errCode).toBe(AgentErr.ReenrolNotProven);
    // A proof dated outside five minutes of the console's clock: the console's time in the answer.
    const stale = await enrol({
      secret: secretA,
      identity: identity('x', fingerprint),
      state,
      proof: proofOf(k, fingerprint, now - 6 * 60_000),
    });
    expect(stale.status).toBe(401);
    expect(stale.body.errCode).toBe(AgentErr.EnrolProofStale);
    expect(stale.body.data).toEqual({ now: new Date(now).toISOString() });
    // Another key (the attacker's own), or the right key with a signature for another device.
    const forged = await enrol({
      secret: secretA,
      identity: identity('x', fingerprint),
      state,
      proof: proofOf(engineKey(), fingerprint, now),
    });
    expect(forged.body.errCode).toBe(AgentErr.ReenrolNotProven);
    const elsewhere = proofOf(k, randomBytes(32).toString('hex'), now);
    const wrongSig = await enrol({
      secret: secretA,
      identity: identity('x', fingerprint),
      state,
      proof: elsewhere,
    });
    expect(wrongSig.status).toBe(400);
    expect(wrongSig.body.errCode).toBe(CommonErr.Invalid);
    expect(wrongSig.body.data).toMatchObject({ field: 'proof.signature' });
    expect((await row(deviceId)).name).toBe('b-02');
    expect((await checkIn(token)).body.success).toBe(true);

    // Its token refused (a restore, another node's eviction lost…), the engine proves itself with
    // its key alone: it keeps no secret.
    later(2_000);
    const reproved = await enrol({
      identity: identity('b-02', fingerprint),
      state,
      proof: proofOf(k, fingerprint, now),
    });
    expect(reproved.body.success).toBe(true);
    expect(reproved.body.data!.deviceId).toBe(deviceId);
    // Neither secret nor proof: a clear refusal naming the field.
    const neither = await enrol({ identity: identity('b-02', fingerprint), state });
    expect(neither.body).toMatchObject({
      errCode: CommonErr.Invalid,
      data: { field: 'body.secret' },
    });
  });

  it('follows a renamed host: its key names the device whatever fingerprint it reports now', async () => {
    const before = randomBytes(32).toString('hex');
    const k = engineKey();
    const first = await enrol({
      secret: secretB,
      identity: identity('b-05', before),
      state,
      proof: proofOf(k, before, now),
    });
    later(2_000);
    const renamed = randomBytes(32).toString('hex');
    const again = await enrol({
      secret: secretB,
      identity: identity('b-05-renamed', renamed),
      state,
      proof: proofOf(k, renamed, now),
    });
    expect(again.body.data!.deviceId).toBe(first.body.data!.deviceId);
    expect(await row(first.body.data!.deviceId)).toMatchObject({
      fingerprint: renamed,
      engineKey: k.key,
      groupId: groupB,
      name: 'b-05',
    });
  });

  it('lets a device enrolled before keys prove itself with its token, which registers its key', async () => {
    const fingerprint = randomBytes(32).toString('hex');
    // An engine from before this change: no key, no proof.
    const old = await enrol({ secret: secretB, identity: identity('b-03', fingerprint), state });
    const { deviceId, token } = old.body.data!;
    expect((await row(deviceId)).engineKey).toBeNull();
    later(2_000);
    // Without its token, it is refused like anyone else.
    const bare = await enrol({ secret: secretB, identity: identity('b-03', fingerprint), state });
    expect(bare.body.errCode).toBe(AgentErr.ReenrolNotProven);
    // Upgraded, it proves itself with the token it holds (no secret) and registers its new key.
    const k = engineKey();
    const upgraded = await enrol({
      identity: identity('b-03', fingerprint),
      state,
      token,
      proof: proofOf(k, fingerprint, now),
    });
    expect(upgraded.body.success).toBe(true);
    expect(upgraded.body.data!.deviceId).toBe(deviceId);
    expect((await row(deviceId)).engineKey).toBe(k.key);
    // The old token proved it once: it is refused from now on, as a proof and at check-in.
    later(2_000);
    const again = await enrol({
      secret: secretA,
      identity: identity('x', fingerprint),
      state,
      token,
    });
    expect(again.body.errCode).toBe(AgentErr.ReenrolNotProven);
    expect((await checkIn(token)).body.errCode).toBe(AgentErr.TokenInvalid);
  });

  it('lets an operator allow one re-enrolment of a device of their groups, audited and time-limited', async () => {
    const fingerprint = randomBytes(32).toString('hex');
    const k = engineKey();
    const first = await enrol({
      secret: secretB,
      identity: identity('b-04', fingerprint),
      state,
      proof: proofOf(k, fingerprint, now),
    });
    const { deviceId, token } = first.body.data!;

    // An operator limited to group A may not allow it for B's device, nor see it.
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'op-attackers',
      menu: 'operate',
      permission: 'write',
      groupIds: [groupA],
    });
    await admin('/user/add', {
      account: 'opa',
      name: 'OpA',
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
      groupId: groupA,
    });
    const opA = as(ctx.app, host, await signIn(ctx.app, host, 'opa'));
    const hidden = await opA('/dv/m/reenrol/allow', { id: deviceId });
    expect(hidden.body.errCode).toBe(ConsoleErr.DeviceHidden);
    expect((await row(deviceId)).reenrolUntil).toBeNull();
    // The auditor reads, and may not allow.
    const auditorToken = await signIn(ctx.app, host, 'auditor');
    const auditor = as(ctx.app, host, auditorToken);
    expect((await auditor('/dv/m/reenrol/allow', { id: deviceId })).status).toBe(403);
    const unknown = await op('/dv/m/reenrol/allow', { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.body.errCode).toBe(CommonErr.NotFound);

    // The machine was re-imaged: its key is gone. The operator of B's groups allows it.
    const allowed = await op<{ until: string }>('/dv/m/reenrol/allow', { id: deviceId });
    expect(allowed.body.success).toBe(true);
    const until = new Date(now + 24 * 3_600_000).toISOString();
    expect(allowed.body.data).toEqual({ until });
    const detail = await op<TDeviceDetail>('/dv/m/info', { id: deviceId });
    expect(detail.body.data).toMatchObject({ reenrolUntil: until, engineKey: true });
    const history = await op<TDeviceActivity>('/dv/m/activity', { id: deviceId });
    expect(history.body.data!.items[0]).toMatchObject({
      kind: 'reenrolAllowed',
      account: 'operator',
      detail: { until },
    });
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const res = await call<{ list: TAuditItem[] }>(
        ctx.app,
        '/owner/l/log',
        { page: 1, pageSize: 10, action: '/dv/m/reenrol/allow' },
        { host, 'x-token': auditorToken, 'accept-language': lang },
      );
      const items = res.body.data!.list;
      // The allowance, and the refusals (the out-of-scope operator, an unknown id), newest first.
      expect(items.map((i) => [i.account, i.result])).toEqual([
        ['operator', 'success'],
        ['operator', 'failure'],
        ['opa', 'failure'],
      ]);
      expect(items[0]!.target).toBe('b-04');
      expect(items[0]!.changes.length).toBe(1);
      expect(items[0]!.actionLabel).toBe(lang === 'zh-CN' ? '允许重新注册' : 'Allow re-enrolment');
    }

    // After the allowance ran out, the fresh engine is refused as before.
    later(24 * 3_600_000 + 1_000);
    const fresh = engineKey();
    const late = await enrol({
      secret: secretA,
      identity: identity('b-04', fingerprint),
      state,
      proof: proofOf(fresh, fingerprint, now),
    });
    expect(late.body.errCode).toBe(AgentErr.ReenrolNotProven);
    expect((await checkIn(token)).body.success).toBe(true);
    // Allowed again, the new engine enrols once, with its new key; the old engine's token and key
    // stop, and the allowance is spent.
    // A day later the operator's session is gone: they sign in again (the first sign-in changed
    // the initial password).
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator', NEW_PASSWORD));
    expect((await op('/dv/m/reenrol/allow', { id: deviceId })).body.success).toBe(true);
    later(2_000);
    const reimaged = await enrol({
      secret: secretA,
      identity: identity('b-04-new', fingerprint),
      state,
      proof: proofOf(fresh, fingerprint, now),
    });
    expect(reimaged.body.success).toBe(true);
    expect(reimaged.body.data!.deviceId).toBe(deviceId);
    expect(await row(deviceId)).toMatchObject({
      groupId: groupB,
      engineKey: fresh.key,
      reenrolUntil: null,
    });
    expect((await checkIn(token)).body.errCode).toBe(AgentErr.TokenInvalid);
    later(2_000);
    const oldKey = await enrol({
      identity: identity('b-04', fingerprint),
      state,
      proof: proofOf(k, fingerprint, now),
    });
    expect(oldKey.body.errCode).toBe(AgentErr.ReenrolNotProven);
    const spent = await enrol({ secret: secretA, identity: identity('x', fingerprint), state });
    expect(spent.body.errCode).toBe(AgentErr.ReenrolNotProven);

    // A deprecated device cannot be allowed.
    expect((await op('/dv/m/del', { target: { ids: [deviceId] } })).body.success).toBe(true);
    const gone = await op('/dv/m/reenrol/allow', { id: deviceId });
    expect(gone.body.errCode).toBe(ConsoleErr.DeviceDeprecated);
  });

  it('says what to do, in both languages', () => {
    expect(errorMessage(AgentErr.ReenrolNotProven, 'en-US')).toMatch(/Allow re-enrolment/);
    expect(errorMessage(AgentErr.ReenrolNotProven, 'zh-CN')).toMatch(/允许重新注册/);
    expect(errorMessage(AgentErr.EnrolProofStale, 'zh-CN', { now: 'T' })).toMatch(/时钟（T）/);
  });
});
