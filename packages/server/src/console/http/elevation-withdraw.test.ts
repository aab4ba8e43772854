import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import type { TAckItem, TAckPage } from '@edp/shared/contracts/elevation';
import { AckErr, CommonErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { PASSWORD, as, pwd, setupTenant, signIn, userIdOf } from '../../test/console-fixture.ts';

const host = 'ack-withdraw.example';
const hostB = 'ack-withdraw-b.example';
const state = { install: 'installed', detection: 'ok', activation: 'inactive', version: '1.0.0' };
const HOUR = 3_600_000;
type Who = ReturnType<typeof as>;

/**
 * Issue 35 point 2: a review that nobody may give must not stick until it expires. The asker (or
 * anyone who may ask for the device) withdraws a pending request, and every request read by a
 * reviewer says whether they may review it and, if not, why — the rule `/ack/s/check` applies.
 */
describe('withdrawing a request, and who may review it', () => {
  let ctx: TestContext;
  let tenantA: string;
  let admin: Who;
  let op: Who;
  let auditor: Who;
  let groupB: string;
  const now = Date.parse('2026-11-27T08:00:00Z');
  const devices: Record<string, string> = {};

  const roleIdOf = async (key: string) => {
    const roles = await admin<{ list: { id: string; builtInKey: string | null }[] }>(
      '/user/role/list',
      { pageSize: 50 },
    );
    return roles.body.data!.list.find((r) => r.builtInKey === key)!.id;
  };
  /** A user of a new role, signed in, with a proxy of `proxyRoleId` open now (its id too). */
  const person = async (
    account: string,
    role: { menu: string; groupIds?: string[] },
    proxyRoleId?: string,
  ) => {
    const made = await admin<{ id: string }>('/user/role/add', {
      name: `${account}-role`,
      menu: role.menu,
      permission: 'write',
      groupIds: role.groupIds ?? [],
    });
    await admin('/user/add', {
      account,
      name: account,
      password: pwd(PASSWORD),
      roleId: made.body.data!.id,
    });
    let proxyId: string | undefined;
    if (proxyRoleId) {
      const proxied = await admin<{ id: string }>('/user/proxy/add', {
        userId: await userIdOf(ctx.app, tenantA, account),
        roleId: proxyRoleId,
        startAt: new Date(now - HOUR).toISOString(),
        endAt: new Date(now + 48 * HOUR).toISOString(),
      });
      expect(proxied.body).toMatchObject({ success: true });
      proxyId = proxied.body.data!.id;
    }
    return { who: as(ctx.app, host, await signIn(ctx.app, host, account)), proxyId };
  };
  const ask = (who: Who, kind: 'ele' | 'lm', name: string) =>
    who<{ id: string }>(`/ack/m/${kind}`, {
      deviceId: devices[name]!,
      window: { hours: 1 },
      reason: `${kind} on ${name}`,
    });
  const seen = async (who: Who, id: string) =>
    (await who<TAckPage>('/ack/s/check/list', { pageSize: 100 })).body.data!.list.find(
      (r) => r.id === id,
    );

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, () => now);
    tenantA = await setupTenant(ctx.app, host);
    const saToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, hostB, { prefix: 'b-', headers: { 'x-token': saToken } });
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    const groupA = (await admin<{ id: string }>('/user/group/add', { name: 'Finance' })).body.data!
      .id;
    groupB = (await admin<{ id: string }>('/user/group/add', { name: 'Lab' })).body.data!.id;
    for (const [group, names] of [
      [groupA, ['fin-01', 'fin-02']],
      [groupB, ['lab-01']],
    ] as const) {
      const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
        .data!.secret;
      for (const name of names) {
        const made = await call<{ deviceId: string }>(ctx.app, '/agent/enrol', {
          secret,
          identity: {
            name,
            ip: '10.9.0.1',
            systemType: 'Linux',
            version: '1.0.0',
            kind: 'TDE',
            fingerprint: randomBytes(32).toString('hex'),
          },
          state,
        });
        devices[name] = made.body.data!.deviceId;
      }
    }
  });
  afterAll(() => ctx.close());

  it('the issue’s case: the asker held the only auditor’s role by proxy; the auditor is told why before typing, the asker withdraws and asks again, and it can be reviewed', async () => {
    const auditorRole = await roleIdOf('auditor');
    const { who: standIn, proxyId } = await person('stand-in', { menu: 'operate' }, auditorRole);
    const asked = await ask(standIn, 'lm', 'fin-01');
    expect(asked.body).toMatchObject({ success: true });
    const id = asked.body.data!.id;

    // The list and the detail say it before any note is typed; the review call agrees.
    expect((await seen(auditor, id))!.review).toEqual({ may: false, bar: 'askerActedForYou' });
    expect((await auditor<TAckItem>('/ack/s/info', { id })).body.data!.review).toEqual({
      may: false,
      bar: 'askerActedForYou',
    });
    expect((await auditor('/ack/s/check', { id, approve: true, reason: 'ok' })).body.errCode).toBe(
      AckErr.OwnRequest,
    );

    // The proxy deleted: still the asker's stand-in when asking, so still barred (decided).
    expect((await admin('/user/proxy/del', { id: proxyId })).body).toMatchObject({
      success: true,
    });
    expect((await seen(auditor, id))!.review.bar).toBe('askerActedForYou');
    expect((await ask(standIn, 'lm', 'fin-01')).body.errCode).toBe(AckErr.AlreadyPending);

    // The asker withdraws: no longer pending, nobody shown as its reviewer.
    const withdrawn = await standIn<TAckItem>('/ack/m/withdraw', { id });
    expect(withdrawn.body).toMatchObject({
      success: true,
      data: {
        state: 'rejected',
        phase: 'withdrawn',
        reviewedBy: null,
        withdrawnBy: { account: 'stand-in' },
        endedAt: new Date(now).toISOString(),
      },
    });
    const pending = (await auditor<TAckPage>('/ack/s/check/list', { state: 'pending' })).body.data!
      .list;
    expect(pending.map((r) => r.id)).not.toContain(id);
    expect((await standIn('/ack/m/withdraw', { id })).body.errCode).toBe(AckErr.NotPending);

    // Asked again without the proxy: the auditor may review it, and does.
    const again = await ask(standIn, 'lm', 'fin-01');
    expect(again.body).toMatchObject({ success: true });
    expect((await seen(auditor, again.body.data!.id))!.review).toEqual({ may: true, bar: null });
    expect(
      (await auditor('/ack/s/check', { id: again.body.data!.id, approve: false, reason: 'later' }))
        .body,
    ).toMatchObject({ success: true, data: { phase: 'rejected', withdrawnBy: null } });
    // Decided: nobody may review it again, and the list says so as the call does.
    expect((await seen(auditor, again.body.data!.id))!.review).toEqual({
      may: false,
      bar: 'notPending',
    });
    expect(
      (await auditor('/ack/s/check', { id: again.body.data!.id, approve: true, reason: 'x' })).body
        .errCode,
    ).toBe(AckErr.NotPending);

    // The withdrawal is in the audit log under its label, by whom, on which device.
    const log = await auditor<{ list: TAuditItem[] }>(
      '/owner/l/log',
      { keyword: 'fin-01' },
      { 'accept-language': 'en-US' },
    );
    const entry = log.body.data!.list.find((e) => e.actionLabel === 'Withdraw request');
    expect(entry).toMatchObject({ account: 'stand-in' });
  });

  it('says why for each bar the review call applies: own, acting for the asker', async () => {
    const operatorRole = await roleIdOf('operator');
    // Own: an auditor who acts as a security operator by proxy asks, then reads the list.
    const { who: dual } = await person('dual', { menu: 'audit' }, operatorRole);
    const own = await ask(dual, 'ele', 'fin-02');
    expect((await seen(dual, own.body.data!.id))!.review).toEqual({ may: false, bar: 'own' });
    expect((await seen(auditor, own.body.data!.id))!.review).toEqual({ may: true, bar: null });
    await auditor('/ack/s/check', { id: own.body.data!.id, approve: false, reason: 'no' });
    // Acting for the asker: a reviewer who holds the operator's role by proxy now.
    const fromOperator = await ask(op, 'ele', 'fin-02');
    const { who: deputy } = await person('deputy', { menu: 'audit' }, operatorRole);
    expect((await seen(deputy, fromOperator.body.data!.id))!.review).toEqual({
      may: false,
      bar: 'actsForAsker',
    });
    expect(
      (await deputy('/ack/s/check', { id: fromOperator.body.data!.id, approve: true, reason: 'x' }))
        .body.errCode,
    ).toBe(AckErr.OwnRequest);
    expect((await seen(auditor, fromOperator.body.data!.id))!.review.may).toBe(true);
  });

  it('lets anyone who may ask for the device withdraw, and nobody else', async () => {
    const asked = await ask(op, 'ele', 'lab-01');
    const id = asked.body.data!.id;
    // The reviewer's duty does not withdraw; another tenant and another group do not see it.
    expect((await auditor('/ack/m/withdraw', { id })).body.errCode).toBe(CommonErr.Forbidden);
    const outsider = as(ctx.app, hostB, await signIn(ctx.app, hostB, 'b-operator'));
    expect((await outsider('/ack/m/withdraw', { id })).body.errCode).toBe(CommonErr.NotFound);
    const { who: finOp } = await person('fin-op', {
      menu: 'operate',
      groupIds: [
        (
          await admin<{ list: { id: string; name: string }[] }>('/user/group/list', {})
        ).body.data!.list.find((g) => g.name === 'Finance')!.id,
      ],
    });
    expect((await finOp('/ack/m/withdraw', { id })).body.errCode).toBe(CommonErr.NotFound);
    expect((await ask(op, 'ele', 'lab-01')).body.errCode).toBe(AckErr.AlreadyPending);
    // An operator of the lab who did not ask may: the asker may be away.
    const { who: labOp } = await person('lab-op', { menu: 'operate', groupIds: [groupB] });
    expect((await labOp<TAckItem>('/ack/m/withdraw', { id })).body).toMatchObject({
      success: true,
      data: { phase: 'withdrawn', withdrawnBy: { account: 'lab-op' } },
    });
    expect((await ask(op, 'ele', 'lab-01')).body).toMatchObject({ success: true });
  });
});
