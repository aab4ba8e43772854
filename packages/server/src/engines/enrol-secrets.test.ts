import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AgentErr, CommonErr, ConsoleErr, errorMessage } from '@edp/shared/errors';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import type { TEnrolSecretItem, TEnrolSecretMade } from '@edp/shared/contracts/devices';
import { deviceEnrolSecrets, devices } from '../platform/db/index.ts';
import { call, createTestApp, type TestContext } from '../test/harness.ts';
import { PASSWORD, as, pwd, setupTenant, signIn } from '../test/console-fixture.ts';

const host = 'secrets.example';
const otherHost = 'other-secrets.example';
const state = {
  install: 'installed',
  detection: 'ok',
  activation: 'inactive',
  version: '1.0.0',
} as const;
const identity = (name: string) => ({
  name,
  ip: '10.1.2.3',
  systemType: 'Linux',
  version: '1.0.0',
  kind: 'TDE' as const,
  fingerprint: randomBytes(32).toString('hex'),
});
type List = { list: TEnrolSecretItem[]; total: number };

/**
 * Issue 22: named enrolment secrets per group. Several live at once, each enrols into its group;
 * a revoked or expired one is refused as a wrong one is (-10100), while the engines enrolled with
 * it keep checking in; the list keeps revoked secrets with who revoked them and counts the
 * engines enrolled with each; every change is scoped and audited.
 */
describe('named enrolment secrets', () => {
  let ctx: TestContext;
  let op: ReturnType<typeof as>;
  let admin: ReturnType<typeof as>;
  let auditorToken: string;
  let groupA: string;
  let groupB: string;
  let now = Date.parse('2026-11-24T08:00:00Z');
  const clock = () => now;
  const later = (ms: number) => (now += ms);

  const enrol = (secret: string, name: string, headers: Record<string, string> = {}) =>
    call<{ deviceId: string; token: string }>(
      ctx.app,
      '/agent/enrol',
      { secret, identity: identity(name), state },
      headers,
    );
  const checkIn = (token: string) =>
    call(ctx.app, '/agent/checkin', { state }, { authorization: `Bearer ${token}` });
  const made = async (body: object) => {
    const res = await op<TEnrolSecretMade>('/dv/m/secret/add', body);
    if (!res.body.success) throw new Error(JSON.stringify(res.body));
    return res.body.data!;
  };
  const listOf = async (groupId: string, who = op) => {
    const res = await who<List>('/dv/m/secret', { groupId });
    if (!res.body.success) throw new Error(JSON.stringify(res.body));
    return res.body.data!;
  };
  const auditOf = async (lang: 'zh-CN' | 'en-US', action: string) => {
    const res = await call<{ list: TAuditItem[] }>(
      ctx.app,
      '/owner/l/log',
      { page: 1, pageSize: 50, action },
      { host, 'x-token': auditorToken, 'accept-language': lang },
    );
    if (!res.body.success) throw new Error(JSON.stringify(res.body));
    return res.body.data!.list;
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, clock);
    await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    auditorToken = await signIn(ctx.app, host, 'auditor');
    groupA = (await admin<{ id: string }>('/user/group/add', { name: 'Beijing' })).body.data!.id;
    groupB = (await admin<{ id: string }>('/user/group/add', { name: 'Shanghai' })).body.data!.id;
  }, 60_000);
  afterAll(() => ctx.close());

  it('makes named secrets, shown once; two live secrets of a group both enrol into it', async () => {
    const rollout = await made({ groupId: groupA, name: 'Beijing office rollout' });
    later(1_000);
    const lab = await made({ groupId: groupA, name: 'Lab machines' });
    expect(rollout).toMatchObject({
      groupId: groupA,
      name: 'Beijing office rollout',
      createdBy: 'operator',
      createdAt: new Date(now - 1_000).toISOString(),
      expiresAt: null,
      state: 'live',
      enrolled: 0,
    });
    expect(rollout.secret).toMatch(/^edp_enrol_[A-Za-z0-9_-]{32}$/);
    expect(rollout.hint).toBe(rollout.secret.slice(-4));
    expect(lab.secret).not.toBe(rollout.secret);

    const one = await enrol(rollout.secret, 'bj-01');
    const two = await enrol(lab.secret, 'lab-01');
    expect(one.body.success).toBe(true);
    expect(two.body.success).toBe(true);
    for (const { body } of [one, two]) {
      const [device] = await ctx.app.platform.db
        .select()
        .from(devices)
        .where(eq(devices.id, body.data!.deviceId));
      expect(device!.groupId).toBe(groupA);
    }

    // Only what checks a secret is kept: its SHA-256, never the secret.
    const rows = await ctx.app.platform.db
      .select()
      .from(deviceEnrolSecrets)
      .where(eq(deviceEnrolSecrets.groupId, groupA));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(rollout.secret);
    expect(JSON.stringify(rows)).not.toContain(lab.secret.slice(10));

    // The list shows neither secret again.
    const { list, total } = await listOf(groupA);
    expect(total).toBe(2);
    expect(JSON.stringify(list)).not.toContain(rollout.secret);
    expect(list.map((s) => s.name)).toEqual(['Lab machines', 'Beijing office rollout']);
  });

  it('counts the engines enrolled with each secret; a re-enrolment counts once, with its latest secret', async () => {
    const a = await made({ groupId: groupA, name: 'Counted A' });
    const b = await made({ groupId: groupA, name: 'Counted B' });
    const fingerprint = randomBytes(32).toString('hex');
    // The engine proves its re-enrolment with the token it holds (issue 34).
    let token: string | undefined;
    const again = async (secret: string) => {
      const res = await call<{ token: string }>(ctx.app, '/agent/enrol', {
        secret,
        identity: { ...identity('count-01'), fingerprint },
        state,
        ...(token ? { token } : {}),
      });
      token = res.body.data?.token;
      return res;
    };
    expect((await again(a.secret)).body.success).toBe(true);
    expect((await enrol(a.secret, 'count-02')).body.success).toBe(true);
    expect((await enrol(a.secret, 'count-03')).body.success).toBe(true);
    expect((await again(b.secret)).body.success).toBe(true);
    const { list } = await listOf(groupA);
    const counted = Object.fromEntries(list.map((s) => [s.name, s.enrolled]));
    expect(counted).toMatchObject({ 'Counted A': 2, 'Counted B': 1, 'Lab machines': 1 });
  });

  it('refuses a revoked secret as a wrong one, in the engine language, while its engines keep checking in', async () => {
    const temp = await made({ groupId: groupA, name: 'Temporary' });
    const enrolled = (await enrol(temp.secret, 'temp-01')).body.data!;
    later(60_000);
    const revoked = await op('/dv/m/secret/revoke', { id: temp.id });
    expect(revoked.body).toMatchObject({ success: true });

    for (const lang of ['zh-CN', 'en-US']) {
      const refused = await enrol(temp.secret, `temp-late-${lang}`, { 'accept-language': lang });
      expect(refused.status).toBe(401);
      expect(refused.body.errCode).toBe(AgentErr.SecretInvalid);
      // Engines read English whatever they send; the code is the contract.
      expect(refused.body.msg).toBe(errorMessage(AgentErr.SecretInvalid, 'en-US'));
    }
    // The message names the reasons, in both languages.
    expect(errorMessage(AgentErr.SecretInvalid, 'en-US')).toMatch(/revoked/);
    expect(errorMessage(AgentErr.SecretInvalid, 'en-US')).toMatch(/expired/);
    expect(errorMessage(AgentErr.SecretInvalid, 'zh-CN')).toMatch(/吊销/);
    expect(errorMessage(AgentErr.SecretInvalid, 'zh-CN')).toMatch(/过期/);

    // The engine enrolled with it holds its own token: unaffected.
    later(1_100);
    expect((await checkIn(enrolled.token)).body.success).toBe(true);

    // Listed still, revoked, by whom and when, with its engine counted.
    const listed = (await listOf(groupA)).list.find((s) => s.id === temp.id);
    expect(listed).toMatchObject({
      name: 'Temporary',
      state: 'revoked',
      revokedBy: 'operator',
      revokedAt: new Date(now - 1_100).toISOString(),
      enrolled: 1,
    });
    // Revoking again says so, and writes nothing.
    const twice = await op('/dv/m/secret/revoke', { id: temp.id });
    expect(twice.status).toBe(409);
    expect(twice.body.errCode).toBe(ConsoleErr.SecretRevoked);
  });

  it('refuses an expired secret; a past expiry is refused when the secret is made', async () => {
    const past = await op('/dv/m/secret/add', {
      groupId: groupA,
      name: 'Too late',
      expiresAt: new Date(now - 1_000).toISOString(),
    });
    expect(past.body).toMatchObject({
      errCode: CommonErr.Invalid,
      data: { field: 'body.expiresAt' },
    });

    // Ten minutes (a longer wait would end the test's sessions).
    const day = await made({
      groupId: groupA,
      name: 'Ten minutes',
      expiresAt: new Date(now + 600_000).toISOString(),
    });
    expect(day.expiresAt).toBe(new Date(now + 600_000).toISOString());
    const early = await enrol(day.secret, 'day-01');
    expect(early.body.success).toBe(true);
    later(600_000);
    const late = await enrol(day.secret, 'day-02');
    expect(late.status).toBe(401);
    expect(late.body.errCode).toBe(AgentErr.SecretInvalid);
    later(1_100);
    expect((await checkIn(early.body.data!.token)).body.success).toBe(true);
    const listed = (await listOf(groupA)).list.find((s) => s.id === day.id);
    expect(listed).toMatchObject({ state: 'expired', revokedAt: null, enrolled: 1 });
  });

  it('rotation makes a new secret and revokes the live ones of the group, not another group’s', async () => {
    const inB = await made({ groupId: groupB, name: 'Shanghai rollout' });
    const older = [
      await made({ groupId: groupA, name: 'Old one' }),
      await made({ groupId: groupA, name: 'Old two' }),
    ];
    const rotated = await op<TEnrolSecretMade>('/dv/m/secret/rotate', { groupId: groupA });
    expect(rotated.body.data).toMatchObject({
      groupId: groupA,
      name: 'Beijing 2026-11-24',
      state: 'live',
    });
    const after = (await listOf(groupA)).list;
    expect(after.filter((s) => s.state === 'live').map((s) => s.id)).toEqual([
      rotated.body.data!.id,
    ]);
    for (const s of older) {
      expect(after.find((a) => a.id === s.id)).toMatchObject({ state: 'revoked' });
      expect((await enrol(s.secret, 'old-01')).body.errCode).toBe(AgentErr.SecretInvalid);
    }
    expect((await enrol(rotated.body.data!.secret, 'rot-01')).body.success).toBe(true);
    expect((await enrol(inB.secret, 'sh-01')).body.success).toBe(true);
  });

  it('keeps a scoped operator, a read-only one and another tenant to their own', async () => {
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'op-b',
      menu: 'operate',
      permission: 'write',
      groupIds: [groupB],
    });
    const readRole = await admin<{ id: string }>('/user/role/add', {
      name: 'op-read',
      menu: 'operate',
      permission: 'read',
      groupIds: [groupA],
    });
    for (const [account, roleId, groupId] of [
      ['opb', role.body.data!.id, groupB],
      ['opread', readRole.body.data!.id, groupA],
    ] as const) {
      const added = await admin('/user/add', {
        account,
        name: account,
        password: pwd(PASSWORD),
        roleId,
        groupId,
      });
      expect(added.body.success).toBe(true);
    }
    const opB = as(ctx.app, host, await signIn(ctx.app, host, 'opb'));
    const reader = as(ctx.app, host, await signIn(ctx.app, host, 'opread'));
    const inA = (await listOf(groupA)).list.find((s) => s.state === 'live')!;

    // Outside their groups: not found, as an unknown group or secret is.
    expect((await opB('/dv/m/secret', { groupId: groupA })).body.errCode).toBe(CommonErr.NotFound);
    expect((await opB('/dv/m/secret/add', { groupId: groupA, name: 'Sneaky' })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    expect((await opB('/dv/m/secret/revoke', { id: inA.id })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    expect((await opB('/dv/m/secret/rotate', { groupId: groupA })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    expect((await listOf(groupB, opB)).total).toBe(1);

    // Read-only: the list (never a secret), no changes.
    expect((await listOf(groupA, reader)).total).toBeGreaterThan(0);
    const refused = await reader('/dv/m/secret/add', { groupId: groupA, name: 'Mine' });
    expect(refused.status).toBe(403);
    expect((await reader('/dv/m/secret/revoke', { id: inA.id })).status).toBe(403);

    // Another tenant sees neither the group nor the secret.
    // A second tenant is the vendor's to make (the first came from the open setup).
    await setupTenant(ctx.app, otherHost, {
      prefix: 'o',
      headers: {
        'x-token': await ctx.app.platform.sessions.create({
          kind: 'vendor',
          subjectId: randomUUID(),
        }),
      },
    });
    const other = as(ctx.app, otherHost, await signIn(ctx.app, otherHost, 'ooperator'));
    expect((await other('/dv/m/secret', { groupId: groupA })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    expect((await other('/dv/m/secret/revoke', { id: inA.id })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    expect((await listOf(groupA)).list.find((s) => s.id === inA.id)!.state).toBe('live');
  });

  it('refuses more than 20 live secrets in a group', async () => {
    const { id: groupC } = (await admin<{ id: string }>('/user/group/add', { name: 'Many' })).body
      .data!;
    for (let i = 0; i < 20; i++) await made({ groupId: groupC, name: `n-${i}` });
    const over = await op('/dv/m/secret/add', { groupId: groupC, name: 'one more' });
    expect(over.status).toBe(409);
    expect(over.body.errCode).toBe(ConsoleErr.SecretLimit);
  });

  it('audits making, revoking and rotating, readable in both languages', async () => {
    const succeeded = async (lang: 'zh-CN' | 'en-US', action: string) =>
      (await auditOf(lang, action)).filter((e) => e.result === 'success');
    const [addZh] = await succeeded('zh-CN', '/dv/m/secret/add');
    const [addEn] = await succeeded('en-US', '/dv/m/secret/add');
    expect(addEn).toMatchObject({
      account: 'operator',
      actionLabel: 'Make enrolment secret',
      target: 'Many',
      note: 'Enrolment secret made',
      result: 'success',
    });
    expect(addZh).toMatchObject({ actionLabel: '新建注册密钥', note: '生成注册密钥' });
    expect(addEn!.changes).toContainEqual(
      expect.objectContaining({ field: 'name', label: 'Name', after: 'n-19' }),
    );

    // One revocation succeeded (the second try and those out of scope were refused).
    const revokes = await succeeded('en-US', '/dv/m/secret/revoke');
    expect(revokes).toHaveLength(1);
    const revoke = revokes[0]!;
    expect(revoke).toMatchObject({
      actionLabel: 'Revoke enrolment secret',
      target: 'Beijing',
      note: 'Enrolment secret revoked; engines enrolled with it keep working',
    });
    expect(revoke.changes).toContainEqual(
      expect.objectContaining({ field: 'name', before: 'Temporary' }),
    );
    const [revokeZh] = await succeeded('zh-CN', '/dv/m/secret/revoke');
    expect(revokeZh).toMatchObject({
      actionLabel: '吊销注册密钥',
      note: '吊销注册密钥，已用它注册的引擎不受影响',
    });

    const [rotate] = await succeeded('en-US', '/dv/m/secret/rotate');
    expect(rotate).toMatchObject({
      target: 'Beijing',
      note: 'Enrolment secret replaced; the old one no longer enrols engines',
    });
    const revokedNames = rotate!.changes.find((c) => c.field === 'revoked');
    expect(revokedNames?.label).toBe('Secrets revoked');
    expect(revokedNames?.after).toContain('Old one');
    expect(revokedNames?.after).toContain('Beijing office rollout');
    expect(rotate!.changes).toContainEqual(
      expect.objectContaining({ field: 'name', after: 'Beijing 2026-11-24' }),
    );
  });
});
