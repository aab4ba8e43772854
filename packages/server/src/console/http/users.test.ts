import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, ConsoleErr, PortalErr } from '@edp/shared/errors';
import { consoleRoles, consoleUsers } from '../../platform/db/schema/index.ts';
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

const host = 'acme.example';
type Item = {
  id: string;
  account: string;
  status: string;
  groupId: string | null;
  roleName: string | null;
};

describe('/api/user/* — users', () => {
  let ctx: TestContext;
  let tenantId: string;
  let admin: ReturnType<typeof as>;
  let operatorRole: string;
  let groupA: string;
  let groupB: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const roles = await ctx.app.platform.db
      .select()
      .from(consoleRoles)
      .where(eq(consoleRoles.tenantId, tenantId));
    operatorRole = roles.find((r) => r.menu === 'operate')!.id;
    groupA = (await admin<{ id: string }>('/user/group/add', { name: 'GroupA' })).body.data!.id;
    groupB = (await admin<{ id: string }>('/user/group/add', { name: 'GroupB' })).body.data!.id;
  });
  afterAll(() => ctx.close());

  const list = async (body: object = {}) =>
    (await admin<{ list: Item[]; total: number }>('/user/ug/list', body)).body.data!;

  it('adds a user who must change the password at the first login', async () => {
    const res = await admin<{ id: string }>('/user/add', {
      account: 'Alice',
      name: 'Alice',
      password: pwd(PASSWORD),
      roleId: operatorRole,
      groupId: groupA,
      phone: '13800138000',
      email: 'alice@acme.example',
      jobNo: 'E001',
      duty: 'Ops',
    });
    expect(res.body).toMatchObject({ success: true, msg: '添加成功' });
    const login = await call(
      ctx.app,
      '/login/n/login',
      { account: 'alice', password: pwd(PASSWORD) },
      { host },
    );
    expect(login.body.errCode).toBe(ConsoleErr.PasswordExpired);
    await signIn(ctx.app, host, 'alice');
    const dup = await admin('/user/add', {
      account: 'alice',
      name: 'A2',
      password: pwd(PASSWORD),
      roleId: operatorRole,
    });
    expect(dup.body.errCode).toBe(ConsoleErr.AccountExists);
    const mail = await admin('/user/add', {
      account: 'al2',
      name: 'A2',
      password: pwd(PASSWORD),
      roleId: operatorRole,
      email: 'alice@acme.example',
    });
    expect(mail.body.errCode).toBe(PortalErr.EmailExists);
    const name = await admin('/user/add', {
      account: 'al3',
      name: 'has space',
      password: pwd(PASSWORD),
      roleId: operatorRole,
    });
    expect(name.body).toMatchObject({ errCode: CommonErr.Invalid });
    expect(name.body.msg).toContain('name');
  });

  it('lists by group, searches and pages', async () => {
    const hash = (await ctx.app.platform.db.select().from(consoleUsers).limit(1))[0]!.passwordHash;
    await ctx.app.platform.db.insert(consoleUsers).values(
      Array.from({ length: 25 }, (_, i) => ({
        tenantId,
        account: `bulk${String(i).padStart(2, '0')}`,
        name: `Bulk${i}`,
        passwordHash: hash,
        roleId: operatorRole,
        groupId: groupB,
      })),
    );
    const page = await list({ groupId: groupB, page: 2, pageSize: 10 });
    expect(page).toMatchObject({ total: 25, page: 2, pageSize: 10 });
    expect(page.list).toHaveLength(10);
    expect((await list({ keyword: 'bulk1' })).total).toBe(11); // bulk10-19 and the name Bulk1
    expect((await list({ keyword: '%' })).total).toBe(0);
    const inA = await list({ groupId: groupA });
    expect(inA.list.map((u) => [u.account, u.roleName])).toEqual([['alice', '安全操作员']]);
    expect((await admin('/user/ug/list', { pageSize: 15 })).body.errCode).toBe(CommonErr.Invalid);
  });

  it('edits, disables and re-enables a user', async () => {
    const id = await userIdOf(ctx.app, tenantId, 'alice');
    const res = await admin('/user/edit', { id, name: 'Alicia', status: 'disabled' });
    expect(res.body).toMatchObject({ success: true, msg: '修改成功' });
    expect((await list({ groupId: groupA })).list[0]).toMatchObject({ status: 'disabled' });
    await admin('/user/edit', { id, status: 'normal' });
    expect((await list({ groupId: groupA })).list[0]).toMatchObject({ status: 'normal' });
  });

  it('migrates users between groups', async () => {
    const id = await userIdOf(ctx.app, tenantId, 'alice');
    const bulk = await userIdOf(ctx.app, tenantId, 'bulk00');
    expect((await admin('/user/mv', { ids: [id, bulk], groupId: groupB })).body.success).toBe(true);
    expect((await list({ groupId: groupB })).total).toBe(26);
    expect((await list({ groupId: groupA })).total).toBe(0);
  });

  it("resets another user's password, ending their sessions", async () => {
    const token = await signIn(ctx.app, host, 'alice', NEW_PASSWORD);
    const id = await userIdOf(ctx.app, tenantId, 'alice');
    expect((await admin('/user/edit/pwd', { id, password: pwd('Reset#Pass9') })).body.success).toBe(
      true,
    );
    expect((await as(ctx.app, host, token)('/user/my/info')).body.errCode).toBe(
      CommonErr.SessionExpired,
    );
    const login = await call(
      ctx.app,
      '/login/n/login',
      { account: 'alice', password: pwd('Reset#Pass9') },
      { host },
    );
    expect(login.body.errCode).toBe(ConsoleErr.PasswordExpired);
    const self = await admin('/user/edit/pwd', {
      id: await userIdOf(ctx.app, tenantId, 'admin'),
      password: pwd('Reset#Pass9'),
    });
    expect(self.body.errCode).toBe(ConsoleErr.NotOnSelf);
  });

  it('deletes (soft), recovers and deletes permanently, by the rules of docs/product.md §5', async () => {
    const id = await userIdOf(ctx.app, tenantId, 'bulk01');
    expect((await admin('/user/real/del', { id })).body.errCode).toBe(ConsoleErr.UserNotDeleted);
    expect((await admin('/user/del', { id })).body).toMatchObject({
      success: true,
      msg: '删除成功',
    });
    expect((await list({ status: 'deleted' })).list.map((u) => u.account)).toEqual(['bulk01']);
    expect((await list({ keyword: 'bulk01' })).total).toBe(0);
    expect((await admin('/user/recover', { id })).body.success).toBe(true);
    expect((await list({ keyword: 'bulk01' })).total).toBe(1);
    await admin('/user/del', { id });
    expect((await admin('/user/real/del', { id })).body.success).toBe(true);
    expect((await admin('/user/recover', { id })).body.errCode).toBe(CommonErr.NotFound);

    const auditor = await userIdOf(ctx.app, tenantId, 'auditor');
    expect((await admin('/user/del', { id: auditor })).body.errCode).toBe(
      ConsoleErr.UserIsOnlyOfRole,
    );
    const me = await userIdOf(ctx.app, tenantId, 'admin');
    expect((await admin('/user/del', { id: me })).body.errCode).toBe(ConsoleErr.NotOnSelf);
  });

  it('lets everyone change their own name, password and phone', async () => {
    const token = await signIn(ctx.app, host, 'operator');
    const me = as(ctx.app, host, token);
    expect((await me('/user/update/my-info', { name: '操作员小王' })).body.msg).toBe('修改成功');
    expect((await me('/user/update/my-info', { name: 'a'.repeat(20) })).body.errCode).toBe(
      CommonErr.Invalid,
    );
    const badPhone = await me('/user/update/my-phone', {
      password: pwd(NEW_PASSWORD),
      phone: '12800138000',
    });
    expect(badPhone.body.errCode).toBe(CommonErr.Invalid);
    const wrongPwd = await me('/user/update/my-phone', {
      password: pwd('Nope#1234'),
      phone: '13800138001',
    });
    expect(wrongPwd.body.errCode).toBe(PortalErr.OldPasswordWrong);
    expect(
      (await me('/user/update/my-phone', { password: pwd(NEW_PASSWORD), phone: '008613800138001' }))
        .body.success,
    ).toBe(true);
    const other = await signIn(ctx.app, host, 'operator', NEW_PASSWORD);
    const changed = await me('/user/update/my-pwd', {
      oldPassword: pwd(NEW_PASSWORD),
      newPassword: pwd('Third#Pass3'),
    });
    expect(changed.body.success).toBe(true);
    // The session it was made from stays; the user's other sessions end.
    expect(
      (await me<{ fullName: string; phone: string }>('/user/my/info')).body.data,
    ).toMatchObject({ fullName: '操作员小王', phone: '008613800138001' });
    expect((await as(ctx.app, host, other)('/user/my/info')).body.errCode).toBe(
      CommonErr.SessionExpired,
    );
    const common = await me('/user/update/my-pwd', {
      oldPassword: pwd('Third#Pass3'),
      newPassword: pwd('Password1'),
    });
    expect(common.body.errCode).toBe(PortalErr.PasswordCommon);
  });

  it('limits a role tied to groups to those groups and their subgroups', async () => {
    const sub = (
      await admin<{ id: string }>('/user/group/add', { name: 'SubOfA', parentId: groupA })
    ).body.data!.id;
    const role = (
      await admin<{ id: string }>('/user/role/add', {
        name: 'A-admins',
        menu: 'system',
        permission: 'write',
        groupIds: [groupA],
      })
    ).body.data!.id;
    await admin('/user/add', {
      account: 'scoped',
      name: 'Scoped',
      password: pwd(PASSWORD),
      roleId: role,
      groupId: sub,
    });
    await admin('/user/add', {
      account: 'insub',
      name: 'InSub',
      password: pwd(PASSWORD),
      roleId: operatorRole,
      groupId: sub,
    });
    const scoped = as(ctx.app, host, await signIn(ctx.app, host, 'scoped'));
    const seen = (await scoped<{ list: Item[] }>('/user/ug/list')).body
      .data!.list.map((u) => u.account)
      .sort();
    expect(seen).toEqual(['insub', 'scoped']);
    expect((await scoped('/user/ug/list', { groupId: groupB })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    const outside = await userIdOf(ctx.app, tenantId, 'bulk02');
    expect((await scoped('/user/del', { id: outside })).body.errCode).toBe(CommonErr.NotFound);
    const groups = (
      await scoped<{ list: { name: string }[] }>('/user/group/list')
    ).body.data!.list.map((g) => g.name);
    expect(groups).toEqual(['GroupA', 'SubOfA']);
  });
});
