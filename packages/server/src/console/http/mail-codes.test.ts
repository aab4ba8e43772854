import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleErr } from '@edp/shared/errors';
import { consoleRoles } from '../../platform/db/schema/index.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { as, PASSWORD, pwd, setupTenant, signIn, userIdOf } from '../../test/console-fixture.ts';

const host = 'acme.example';

/**
 * Login codes by e-mail (mailCode) and users without an e-mail address: a system administrator
 * without one could never sign in again, and nobody could set one for the others.
 */
describe('login codes by e-mail need every system administrator’s e-mail', () => {
  let ctx: TestContext;
  let tenantId: string;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  let systemRole: string;
  const settings = (mailCode: boolean) => ({
    picCodeTag: false,
    pwdMatch: { list: ['upper', 'lower', 'number'], range: [8, 20] },
    expireDays: 0,
    lockCount: 10,
    sms: false,
    mailCode,
  });
  const en = { host, 'accept-language': 'en-US' };

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await setupTenant(ctx.app, host);
    adminToken = await signIn(ctx.app, host, 'admin');
    admin = as(ctx.app, host, adminToken);
    const roles = await ctx.app.platform.db
      .select()
      .from(consoleRoles)
      .where(eq(consoleRoles.tenantId, tenantId));
    systemRole = roles.find((r) => r.menu === 'system')!.id;
  });
  afterAll(() => ctx.close());

  it('refuses to switch codes by e-mail on while a system administrator has no e-mail', async () => {
    const second = await admin<{ id: string }>('/user/add', {
      account: 'admin2',
      name: 'Admin2',
      password: pwd(PASSWORD),
      roleId: systemRole,
      email: 'admin2@acme.example',
    });
    expect(second.body.success).toBe(true);
    const refused = await call(ctx.app, '/login/s/set', settings(true), {
      ...en,
      'x-token': adminToken,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      success: false,
      errCode: ConsoleErr.AdminEmailRequired,
      msg: 'Login codes by e-mail need an e-mail address for every system administrator; missing: admin',
      data: { accounts: 'admin' },
    });
    const zh = await admin('/login/s/set', settings(true));
    expect(zh.body.msg).toBe('邮件登录验证码要求每位系统管理员都设置邮箱，缺少邮箱的账号：admin');
    // Still off.
    expect((await admin<{ mailCode: boolean }>('/login/s/get-set')).body.data!.mailCode).toBe(
      false,
    );

    const adminId = await userIdOf(ctx.app, tenantId, 'admin');
    await admin('/user/edit', { id: adminId, email: 'admin@acme.example' });
    // Other duties without an e-mail ask a system administrator to set one: no lock-out.
    expect((await admin('/login/s/set', settings(true))).body.success).toBe(true);
    const operator = await call(
      ctx.app,
      '/login/n/login',
      { account: 'operator', password: pwd(PASSWORD) },
      { host },
    );
    expect(operator.body.errCode).toBe(ConsoleErr.EmailNotBound);
  });

  it('keeps a system administrator’s e-mail while codes by e-mail are on', async () => {
    const admin2 = await userIdOf(ctx.app, tenantId, 'admin2');
    const removed = await admin('/user/edit', { id: admin2, email: null });
    expect(removed.body.errCode).toBe(ConsoleErr.AdminEmailRequired);
    expect(removed.body.msg).toContain('admin2');

    // Nor can a user without an e-mail become one.
    const added = await admin('/user/add', {
      account: 'admin3',
      name: 'Admin3',
      password: pwd(PASSWORD),
      roleId: systemRole,
    });
    expect(added.body.errCode).toBe(ConsoleErr.AdminEmailRequired);
    const operatorId = await userIdOf(ctx.app, tenantId, 'operator');
    const promoted = await admin('/user/edit', { id: operatorId, roleId: systemRole });
    expect(promoted.body.errCode).toBe(ConsoleErr.AdminEmailRequired);
    const custom = await admin<{ id: string }>('/user/role/add', {
      name: 'Helpers',
      menu: 'operate',
      permission: 'write',
    });
    const helper = await admin('/user/add', {
      account: 'helper',
      name: 'Helper',
      password: pwd(PASSWORD),
      roleId: custom.body.data!.id,
    });
    expect(helper.body.success).toBe(true);
    const toSystem = await admin('/user/role/edit', { id: custom.body.data!.id, menu: 'system' });
    expect(toSystem.body.errCode).toBe(ConsoleErr.AdminEmailRequired);
    expect(toSystem.body.msg).toContain('helper');

    // Users of other duties keep theirs optional; with an e-mail the promotion goes through.
    expect((await admin('/user/edit', { id: operatorId, email: null })).body.success).toBe(true);
    const withMail = await admin('/user/add', {
      account: 'admin3',
      name: 'Admin3',
      password: pwd(PASSWORD),
      roleId: systemRole,
      email: 'admin3@acme.example',
    });
    expect(withMail.body.success).toBe(true);

    // Once codes by e-mail are off, the e-mail may go.
    expect((await admin('/login/s/set', settings(false))).body.success).toBe(true);
    expect((await admin('/user/edit', { id: admin2, email: null })).body.success).toBe(true);
  });

  it('refuses it while the caller, acting through a proxy, has no e-mail', async () => {
    // 'keys' (no e-mail) holds the system role by proxy for an hour.
    const keysId = await userIdOf(ctx.app, tenantId, 'keys');
    const admin2 = await userIdOf(ctx.app, tenantId, 'admin2');
    await admin('/user/edit', { id: admin2, email: 'admin2@acme.example' });
    const proxy = await admin('/user/proxy/add', {
      userId: keysId,
      roleId: systemRole,
      startAt: new Date(Date.now() - 60_000).toISOString(),
      endAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(proxy.body.success).toBe(true);
    const keys = as(ctx.app, host, await signIn(ctx.app, host, 'keys'));
    const res = await keys('/login/s/set', settings(true));
    expect(res.body.errCode).toBe(ConsoleErr.AdminEmailRequired);
    expect(res.body.msg).toContain('keys');
  });
});
