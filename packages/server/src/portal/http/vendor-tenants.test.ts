import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { as, dutyUser, PASSWORD, pwd, setupTenant, signIn } from '../../test/console-fixture.ts';

type Owner = {
  id: string;
  domain: string;
  status: string;
  userCount: number;
  roleCount: number;
  groupCount: number;
  company: string;
  sms: boolean;
};

describe('/api/sa/ows*, /api/sa/sys/* — tenants and settings for the vendor', () => {
  let ctx: TestContext;
  let sa: ReturnType<typeof as>;
  let acme: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    acme = await setupTenant(ctx.app, 'acme.example');
    sa = as(
      ctx.app,
      'vendor.example',
      await ctx.app.platform.sessions.create({ kind: 'vendor', subjectId: randomUUID() }),
    );
    await setupTenant(ctx.app, 'beta.example', {
      allDuties: false,
      headers: {
        'x-token': await ctx.app.platform.sessions.create({
          kind: 'vendor',
          subjectId: randomUUID(),
        }),
      },
    });
  });
  afterAll(() => ctx.close());

  it('is for the super administrator only', async () => {
    const user = as(ctx.app, 'acme.example', await signIn(ctx.app, 'acme.example', 'admin'));
    const calls: [string, object][] = [
      ['/sa/ows', {}],
      ['/sa/ows/act', { id: acme, active: false }],
      ['/sa/ows/del', { id: acme }],
      ['/sa/sys/set', { ownerRegOpen: true, defaultSysName: '' }],
    ];
    for (const [url, body] of calls) {
      expect((await user(url, body)).body.errCode).toBe(CommonErr.SessionExpired);
    }
  });

  it('lists tenants with search and user counts', async () => {
    const all = (await sa<{ list: Owner[]; total: number }>('/sa/ows')).body.data!;
    expect(all.total).toBe(2);
    expect(all.list.find((o) => o.domain === 'acme.example')).toMatchObject({
      status: 'active',
      userCount: 4,
    });
    const beta = (await sa<{ list: Owner[] }>('/sa/ows', { keyword: 'BETA' })).body.data!.list;
    expect(beta.map((o) => [o.domain, o.userCount])).toEqual([['beta.example', 1]]);
  });

  it('says what each tenant holds: users (not the deleted ones), roles and groups', async () => {
    const admin = as(ctx.app, 'acme.example', await signIn(ctx.app, 'acme.example', 'admin'));
    const group = await admin<{ id: string }>('/user/group/add', { name: 'East' });
    await admin('/user/group/add', { name: 'West' });
    const roles = await admin<{ list: { id: string; menu: string }[] }>('/user/role/list');
    const added = await admin<{ id: string }>('/user/add', {
      account: 'eve',
      name: 'Eve',
      password: pwd(PASSWORD),
      roleId: roles.body.data!.list.find((r) => r.menu === 'operate')!.id,
      groupId: group.body.data!.id,
    });
    await admin('/user/add', {
      account: 'mallory',
      name: 'Mallory',
      password: pwd(PASSWORD),
      roleId: roles.body.data!.list.find((r) => r.menu === 'operate')!.id,
    });
    expect((await admin('/user/del', { id: added.body.data!.id })).body.success).toBe(true);

    const list = (await sa<{ list: Owner[] }>('/sa/ows', { pageSize: 10 })).body.data!.list;
    const held = (domain: string) => {
      const { userCount, roleCount, groupCount } = list.find((o) => o.domain === domain)!;
      return { userCount, roleCount, groupCount };
    };
    expect(held('acme.example')).toEqual({ userCount: 5, roleCount: 4, groupCount: 2 });
    expect(held('beta.example')).toEqual({ userCount: 1, roleCount: 1, groupCount: 0 });
  });

  it('deactivates a tenant (its users are signed out and cannot sign in) and activates it again', async () => {
    const token = await signIn(ctx.app, 'acme.example', 'keys');
    expect((await sa('/sa/ows/act', { id: acme, active: false })).body.msg).toBe('修改成功');
    expect((await as(ctx.app, 'acme.example', token)('/user/my/info')).body.errCode).toBe(
      CommonErr.SessionExpired,
    );
    const login = await call(
      ctx.app,
      '/login/n/login',
      { account: 'admin', password: 'x'.repeat(32).replace(/x/g, 'a') },
      { host: 'acme.example' },
    );
    expect(login.body.errCode).toBe(ConsoleErr.TenantDisabled);
    await sa('/sa/ows/act', { id: acme, active: true });
    await signIn(ctx.app, 'acme.example', 'keys', 'Changed#Pass2');
  });

  it('edits a tenant, refusing a domain in use, and the tenant’s auditor sees it', async () => {
    expect((await sa('/sa/ows/edit', { id: acme, domain: 'beta.example' })).body.errCode).toBe(
      ConsoleErr.DomainExists,
    );
    expect(
      (await sa('/sa/ows/edit', { id: acme, sysName: 'ACME 平台', sms: true })).body.success,
    ).toBe(true);
    const info = await call(ctx.app, '/owner/n/domain', {}, { host: 'acme.example' });
    expect(info.body.data).toMatchObject({ sysName: 'ACME 平台', sms: true });
    await sa('/sa/ows/edit', { id: acme, sms: false });
    const auditor = as(ctx.app, 'acme.example', await signIn(ctx.app, 'acme.example', 'auditor'));
    const log = (
      await auditor<{ list: { account: string; action: string }[] }>('/owner/l/log', {
        account: 'vendor',
      })
    ).body.data!.list;
    expect(log.map((e) => e.action)).toEqual([
      '/sa/ows/edit',
      '/sa/ows/edit',
      '/sa/ows/act',
      '/sa/ows/act',
    ]);
  });

  it('keeps system settings; opening self-setup lets a new host register', async () => {
    expect((await sa('/sa/sys/get')).body.data).toEqual({
      ownerRegOpen: false,
      defaultSysName: '',
      supportEmail: '',
    });
    const bad = await sa('/sa/sys/set', { ownerRegOpen: false, supportEmail: 'not-an-address' });
    expect(bad.body.errCode).toBe(CommonErr.Invalid);
    expect(
      (await sa('/sa/sys/set', { ownerRegOpen: true, defaultSysName: 'EDP' })).body.success,
    ).toBe(true);
    const res = await call<{ ownerId: string }>(
      ctx.app,
      '/owner/n/reg',
      { company: 'Gamma', admin: dutyUser('root') },
      { host: 'gamma.example' },
    );
    expect(res.body.success).toBe(true);
    const info = await call(ctx.app, '/owner/n/domain', {}, { host: 'gamma.example' });
    expect(info.body.data).toMatchObject({ sysName: 'EDP', company: 'Gamma' });
    await sa('/sa/sys/set', { ownerRegOpen: false, defaultSysName: '' });
  });

  it('deletes a tenant with all its data', async () => {
    const beta = (await sa<{ list: Owner[] }>('/sa/ows', { keyword: 'beta' })).body.data!.list[0]!;
    expect((await sa('/sa/ows/del', { id: beta.id })).body.msg).toBe('删除成功');
    expect((await sa('/sa/ows/del', { id: beta.id })).body.errCode).toBe(ConsoleErr.TenantNotFound);
    expect((await sa<{ total: number }>('/sa/ows')).body.data!.total).toBe(2);
  });
});
