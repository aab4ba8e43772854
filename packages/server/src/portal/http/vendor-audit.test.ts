import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import {
  as,
  NEW_PASSWORD,
  PASSWORD,
  pwd,
  setupTenant,
  signIn,
  userIdOf,
} from '../../test/console-fixture.ts';
import { solveCaptcha } from '../../test/portal-fixture.ts';

type OwnerUser = {
  id: string;
  account: string;
  roleName: string | null;
  status: string;
  adminTag: boolean;
  mustChangePassword: boolean;
};
type Entry = {
  id: string;
  account: string;
  action: string;
  actionLabel: string;
  target: string;
  tenantId: string | null;
  detail: string;
};
type Page = { list: Entry[]; next: string | null };

describe("/api/sa/ous, /api/sa/oup and /api/sa/audit — a tenant's users and the vendor's log", () => {
  let ctx: TestContext;
  let sa: ReturnType<typeof as>;
  let acme: string;
  let beta: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    acme = await setupTenant(ctx.app, 'acme.example');
    await call(ctx.app, '/sa/n/init', { account: 'root', password: pwd(PASSWORD) });
    const c = await solveCaptcha(ctx, 'vendor');
    const login = await call<{ token: string }>(
      ctx.app,
      '/sa/n/login',
      { account: 'root', password: pwd(PASSWORD), captcha: c.answer },
      { cookie: c.cookie },
    );
    const token = login.body.data!.token;
    sa = as(ctx.app, 'vendor.example', token);
    beta = await setupTenant(ctx.app, 'beta.example', { headers: { 'x-token': token } });
  });
  afterAll(() => ctx.close());

  it("lists one tenant's users, never a password or its hash, for the vendor only", async () => {
    const res = await sa<{ list: OwnerUser[]; total: number }>('/sa/ous', { tenantId: acme });
    const { list, total } = res.body.data!;
    expect(total).toBe(4);
    expect(list.map((u) => u.account).sort()).toEqual(['admin', 'auditor', 'keys', 'operator']);
    expect(list.find((u) => u.account === 'admin')).toMatchObject({
      adminTag: true,
      status: 'normal',
      mustChangePassword: false,
    });
    // Nothing but these: no password, hash, auto-login token, phone or e-mail.
    expect(Object.keys(list[0]!).sort()).toEqual([
      'account',
      'adminTag',
      'createdAt',
      'id',
      'mustChangePassword',
      'name',
      'passwordChangedAt',
      'roleName',
      'status',
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|\$/);
    const found = await sa<{ list: OwnerUser[] }>('/sa/ous', { tenantId: acme, keyword: 'AUD' });
    expect(found.body.data!.list.map((u) => u.account)).toEqual(['auditor']);
    expect((await sa('/sa/ous', { tenantId: crypto.randomUUID() })).body.errCode).toBe(
      ConsoleErr.TenantNotFound,
    );
    const admin = as(ctx.app, 'acme.example', await signIn(ctx.app, 'acme.example', 'admin'));
    expect((await admin('/sa/ous', { tenantId: acme })).body.errCode).toBe(
      CommonErr.SessionExpired,
    );
    expect((await admin('/sa/audit', {})).body.errCode).toBe(CommonErr.SessionExpired);
  });

  it("sets a user's password: their sessions end, the new one must be changed, both logs say so", async () => {
    const session = await signIn(ctx.app, 'acme.example', 'keys');
    const keys = await userIdOf(ctx.app, acme, 'keys');
    const chosen = 'Vendor#Reset3';
    const res = await sa('/sa/oup', { tenantId: acme, id: keys, password: pwd(chosen) });
    expect(res.body).toMatchObject({ success: true, msg: '修改成功' });
    expect((await as(ctx.app, 'acme.example', session)('/user/my/info')).body.errCode).toBe(
      CommonErr.SessionExpired,
    );
    const old = await call(
      ctx.app,
      '/login/n/login',
      { account: 'keys', password: pwd(NEW_PASSWORD) },
      { host: 'acme.example' },
    );
    expect(old.body.success).toBe(false);
    const fresh = await call(
      ctx.app,
      '/login/n/login',
      { account: 'keys', password: pwd(chosen) },
      { host: 'acme.example' },
    );
    expect(fresh.body.errCode).toBe(ConsoleErr.PasswordExpired);
    const listed = await sa<{ list: OwnerUser[] }>('/sa/ous', { tenantId: acme, keyword: 'keys' });
    expect(listed.body.data!.list[0]).toMatchObject({ account: 'keys', mustChangePassword: true });

    // Another tenant's user under this tenant's id is not found; so is an unknown one.
    const betaKeys = await userIdOf(ctx.app, beta, 'keys');
    for (const id of [betaKeys, crypto.randomUUID()]) {
      const refused = await sa('/sa/oup', { tenantId: acme, id, password: pwd(chosen) });
      expect(refused.body.errCode).toBe(CommonErr.NotFound);
    }

    const auditor = as(ctx.app, 'acme.example', await signIn(ctx.app, 'acme.example', 'auditor'));
    const tenantLog = await auditor<{ list: { action: string; target: string }[] }>(
      '/owner/l/log',
      { account: 'vendor' },
    );
    expect(tenantLog.body.data!.list[0]).toMatchObject({ action: '/sa/oup', target: 'keys' });

    const vendorLog = (await sa<Page>('/sa/audit', { tenantId: acme })).body.data!;
    expect(vendorLog.list[0]).toMatchObject({
      account: 'root',
      action: '/sa/oup',
      actionLabel: '重置租户用户密码',
      target: 'keys@acme.example',
      tenantId: acme,
    });
    expect(vendorLog.list[0]!.detail).not.toContain(pwd(chosen));
  });

  it('logs every vendor change, newest first, in keyset pages, without a code', async () => {
    const made = await sa<{ id: string }>('/sa/pk/edit', { name: 'Year', months: 12 });
    const pack = made.body.data!.id;
    await sa('/sa/pk/edit', { id: pack, name: 'Year+', months: 13 });
    const codes = (await sa<{ codes: string[] }>('/sa/pk/codes', { packageId: pack, count: 2 }))
      .body.data!.codes;
    await sa('/sa/pk/del', { id: pack });
    await sa('/sa/ows/act', { id: beta, active: false });
    await sa('/sa/sys/set', { ownerRegOpen: false, defaultSysName: 'EDP' });
    await sa('/sa/ows/del', { id: beta });

    const first = (await sa<Page>('/sa/audit', { pageSize: 3 }, { 'accept-language': 'en-US' }))
      .body.data!;
    expect(first.list.map((e) => e.action)).toEqual(['/sa/ows/del', '/sa/sys/set', '/sa/ows/act']);
    expect(first.list[0]).toMatchObject({
      actionLabel: 'Delete tenant',
      target: 'beta.example',
      tenantId: beta,
    });
    const second = (await sa<Page>('/sa/audit', { pageSize: 3, before: first.next })).body.data!;
    expect(second.list.map((e) => e.action)).toEqual(['/sa/pk/del', '/sa/pk/codes', '/sa/pk/edit']);
    expect(JSON.parse(second.list[2]!.detail)).toEqual({
      before: { name: 'Year', months: 12 },
      after: { name: 'Year+', months: 13 },
    });
    expect(second.list[1]!.detail).toContain('"count":2');
    const everything = JSON.stringify(
      (await sa<Page>('/sa/audit', { pageSize: 100 })).body.data!.list,
    );
    for (const code of codes) expect(everything).not.toContain(code);

    const third = (await sa<Page>('/sa/audit', { pageSize: 3, before: second.next })).body.data!;
    // The oldest: the tenant the vendor set up.
    expect(third.list.map((e) => e.action)).toEqual(['/sa/pk/edit', '/sa/oup', '/owner/n/reg']);
    expect(third.next).toBeNull();

    // The deleted tenant's entries stay; a filter by action and a keyword narrow the log.
    const byTenant = (await sa<Page>('/sa/audit', { tenantId: beta })).body.data!.list;
    expect(byTenant.map((e) => e.action)).toEqual(['/sa/ows/del', '/sa/ows/act', '/owner/n/reg']);
    const byAction = (await sa<Page>('/sa/audit', { action: '/sa/pk/edit' })).body.data!.list;
    expect(byAction).toHaveLength(2);
    const byKeyword = (await sa<Page>('/sa/audit', { keyword: 'YEAR+' })).body.data!.list;
    expect(byKeyword.map((e) => e.action)).toEqual(['/sa/pk/del', '/sa/pk/codes', '/sa/pk/edit']);
    const bad = await sa('/sa/audit', { before: '0' }, { 'accept-language': 'en-US' });
    expect(bad.body.errCode).toBe(CommonErr.Invalid);
  });
});
