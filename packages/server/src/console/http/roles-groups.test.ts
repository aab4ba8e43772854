import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { consoleProxies, consoleRoles } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, PASSWORD, pwd, setupTenant, signIn, userIdOf } from '../../test/console-fixture.ts';

const host = 'acme.example';
type Group = { id: string; name: string; level: number; parentId: string | null; escrow: unknown };
type Role = {
  id: string;
  name: string;
  menu: string;
  builtIn: boolean;
  userCount: number;
  groupIds: string[];
};

describe('/api/user/role, /group and /proxy', () => {
  let ctx: TestContext;
  let tenantId: string;
  let admin: ReturnType<typeof as>;
  const groups: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  });
  afterAll(() => ctx.close());

  const addGroup = async (name: string, parent?: string) => {
    const res = await admin<{ id: string }>('/user/group/add', {
      name,
      parentId: parent ? groups[parent] : undefined,
      number: `N-${name}`,
      leader: '张三',
    });
    expect(res.body.success).toBe(true);
    groups[name] = res.body.data!.id;
  };

  it('builds a tree with levels and unique names', async () => {
    await addGroup('HQ');
    await addGroup('East', 'HQ');
    await addGroup('West', 'HQ');
    await addGroup('Shanghai', 'East');
    const dup = await admin('/user/group/add', { name: 'East' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errCode: ConsoleErr.GroupNameExists, msg: '分组名称已存在' });
    const rename = await admin('/user/group/edit', { id: groups.West, name: 'East' });
    expect(rename.body.errCode).toBe(ConsoleErr.GroupNameExists);
    const tree = (await admin<{ list: Group[] }>('/user/group/list')).body.data!.list;
    expect(tree.map((g) => [g.name, g.level, g.parentId])).toEqual([
      ['HQ', 1, null],
      ['East', 2, groups.HQ],
      ['West', 2, groups.HQ],
      ['Shanghai', 3, groups.East],
    ]);
  });

  it('escrows devices to an upper tier or a sibling only', async () => {
    expect(
      (
        await admin('/user/group/escrow', {
          id: groups.Shanghai,
          toGroupId: groups.HQ,
          mode: 'tiered',
        })
      ).body.success,
    ).toBe(true);
    expect(
      (
        await admin('/user/group/escrow', {
          id: groups.East,
          toGroupId: groups.West,
          mode: 'sibling',
        })
      ).body.success,
    ).toBe(true);
    const wrongSibling = await admin('/user/group/escrow', {
      id: groups.Shanghai,
      toGroupId: groups.West,
      mode: 'sibling',
    });
    expect(wrongSibling.body.errCode).toBe(ConsoleErr.EscrowTarget);
    const downwards = await admin('/user/group/escrow', {
      id: groups.HQ,
      toGroupId: groups.East,
      mode: 'tiered',
    });
    expect(downwards.body.errCode).toBe(ConsoleErr.EscrowTarget);
    const tree = (await admin<{ list: Group[] }>('/user/group/list')).body.data!.list;
    expect(tree.find((g) => g.name === 'Shanghai')!.escrow).toEqual({
      toGroupId: groups.HQ,
      mode: 'tiered',
    });
    expect((await admin('/user/group/escrow/del', { id: groups.East })).body.success).toBe(true);
    expect((await admin('/user/group/escrow/del', { id: groups.East })).body.errCode).toBe(
      CommonErr.NotFound,
    );
  });

  it('manages roles: unique names, built-in duties kept, groups associated', async () => {
    const add = await admin<{ id: string }>('/user/role/add', {
      name: 'East-ops',
      menu: 'operate',
      permission: 'read',
      groupIds: [groups.East],
    });
    expect(add.body.msg).toBe('添加成功');
    const dup = await admin('/user/role/add', {
      name: 'East-ops',
      menu: 'operate',
      permission: 'read',
    });
    expect(dup.body.errCode).toBe(ConsoleErr.RoleNameExists);
    const roles = (await admin<{ list: Role[]; total: number }>('/user/role/list')).body.data!;
    expect(roles.total).toBe(5);
    expect(
      roles.list
        .filter((r) => r.builtIn)
        .map((r) => r.menu)
        .sort(),
    ).toEqual(['audit', 'kss', 'operate', 'system']);
    expect(roles.list.find((r) => r.name === 'East-ops')).toMatchObject({
      groupIds: [groups.East],
      userCount: 0,
      builtIn: false,
    });
    const sysRole = roles.list.find((r) => r.menu === 'system')!;
    expect((await admin('/user/role/edit', { id: sysRole.id, menu: 'audit' })).body.errCode).toBe(
      ConsoleErr.Protected,
    );
    expect((await admin('/user/role/del', { id: sysRole.id })).body.errCode).toBe(
      ConsoleErr.Protected,
    );
    expect(
      (
        await admin('/user/role/edit', {
          id: add.body.data!.id,
          name: 'East-operators',
          permission: 'write',
        })
      ).body.success,
    ).toBe(true);
  });

  it('refuses to delete a group with children, devices, roles or users; deleting a role frees its groups', async () => {
    expect((await admin('/user/group/del', { id: groups.HQ })).body.errCode).toBe(
      ConsoleErr.GroupHasChildren,
    );
    expect((await admin('/user/group/del', { id: groups.East })).body.errCode).toBe(
      ConsoleErr.GroupHasChildren,
    );
    // A device in the group (the security operator's, by separation of duties) keeps it.
    const op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    const device = await op<{ id: string }>('/dv/m/add', {
      name: 'sh-01',
      groupId: groups.Shanghai,
      kind: 'TDE',
      systemType: 'Linux',
      ip: '10.0.0.1',
    });
    expect(device.body.success).toBe(true);
    expect((await admin('/user/group/del', { id: groups.Shanghai })).body.errCode).toBe(
      ConsoleErr.GroupInUse,
    );
    const moved = await op('/dv/m/mv', {
      target: { ids: [device.body.data!.id] },
      groupId: groups.HQ,
    });
    expect(moved.body.success).toBe(true);
    expect((await admin('/user/group/del', { id: groups.Shanghai })).body.success).toBe(true);
    expect((await admin('/user/group/del', { id: groups.East })).body.errCode).toBe(
      ConsoleErr.GroupInUse,
    );
    const role = (await admin<{ list: Role[] }>('/user/role/list', { keyword: 'East' })).body.data!
      .list[0]!;
    const user = await admin<{ id: string }>('/user/add', {
      account: 'eve',
      name: 'Eve',
      password: pwd(PASSWORD),
      roleId: role.id,
      groupId: groups.West,
    });
    expect((await admin('/user/role/del', { id: role.id })).body.errCode).toBe(
      ConsoleErr.RoleInUse,
    );
    expect((await admin('/user/group/del', { id: groups.West })).body.errCode).toBe(
      ConsoleErr.GroupHasUsers,
    );
    // The only user of a role tied to groups cannot be deleted (docs/product.md §5).
    expect((await admin('/user/del', { id: user.body.data!.id })).body.errCode).toBe(
      ConsoleErr.UserIsOnlyOfRole,
    );
    const leave = await admin('/user/edit', {
      id: user.body.data!.id,
      roleId: (await operateRole()).id,
    });
    expect(leave.body.errCode).toBe(ConsoleErr.UserIsOnlyOfRole);
    // Once the role's groups are removed it is no longer bound, and its last user may leave it.
    expect((await admin('/user/role/edit', { id: role.id, groupIds: [] })).body.success).toBe(true);
    await admin('/user/edit', { id: user.body.data!.id, roleId: (await operateRole()).id });
    expect((await admin('/user/role/del', { id: role.id })).body.msg).toBe('删除成功');
    expect((await admin('/user/group/del', { id: groups.East })).body.success).toBe(true);
  });

  it('deletes a role and a group that only deleted users hold, and those users let go of them', async () => {
    await addGroup('North', 'HQ');
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'North-ops',
      menu: 'operate',
      permission: 'read',
    });
    const user = await admin<{ id: string }>('/user/add', {
      account: 'nora',
      name: 'Nora',
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
      groupId: groups.North,
    });
    expect((await admin('/user/del', { id: user.body.data!.id })).body.success).toBe(true);
    expect((await admin('/user/role/del', { id: role.body.data!.id })).body.success).toBe(true);
    expect((await admin('/user/group/del', { id: groups.North })).body.success).toBe(true);
    type Row = { account: string; roleId: string | null; groupId: string | null };
    const deleted = await admin<{ list: Row[] }>('/user/ug/list', { status: 'deleted' });
    expect(deleted.body.data!.list.find((u) => u.account === 'nora')).toMatchObject({
      roleId: null,
      groupId: null,
    });
  });

  async function operateRole() {
    const rows = await ctx.app.platform.db
      .select()
      .from(consoleRoles)
      .where(eq(consoleRoles.tenantId, tenantId));
    return rows.find((r) => r.builtInKey === 'operator')!;
  }

  it('gives a proxy the role’s permissions inside its window only', async () => {
    const keys = as(ctx.app, host, await signIn(ctx.app, host, 'keys'));
    expect((await keys('/user/ug/list')).status).toBe(403);
    const auditRole = (
      await ctx.app.platform.db
        .select()
        .from(consoleRoles)
        .where(eq(consoleRoles.tenantId, tenantId))
    ).find((r) => r.menu === 'audit')!;
    const keysId = await userIdOf(ctx.app, tenantId, 'keys');
    const now = Date.now();
    const add = await admin<{ id: string }>('/user/proxy/add', {
      userId: keysId,
      roleId: auditRole.id,
      startAt: new Date(now - 60_000).toISOString(),
      endAt: new Date(now + 3_600_000).toISOString(),
    });
    expect(add.body.success).toBe(true);
    expect((await keys('/owner/l/log')).status).toBe(200);
    const me = (
      await keys<{ menus: string[]; logAdmin: boolean; proxies: unknown[] }>('/user/my/info')
    ).body.data!;
    expect(me).toMatchObject({ menus: ['kss', 'audit'], logAdmin: true });
    expect(me.proxies).toHaveLength(1);
    const listed = (
      await admin<{ list: { active: boolean; account: string }[] }>('/user/proxy/list')
    ).body.data!.list;
    expect(listed).toEqual([expect.objectContaining({ account: 'keys', active: true })]);
    // Move the window into the past: the permissions are gone.
    await ctx.app.platform.db
      .update(consoleProxies)
      .set({ startAt: new Date(now - 7_200_000), endAt: new Date(now - 3_600_000) })
      .where(eq(consoleProxies.id, add.body.data!.id));
    expect((await keys('/owner/l/log')).status).toBe(403);
    const bad = await admin('/user/proxy/add', {
      userId: keysId,
      roleId: auditRole.id,
      startAt: '2030-02-01',
      endAt: '2030-01-01',
    });
    expect(bad.body.errCode).toBe(CommonErr.Invalid);
    const self = await admin('/user/proxy/add', {
      userId: await userIdOf(ctx.app, tenantId, 'admin'),
      roleId: auditRole.id,
      startAt: '2030-01-01',
      endAt: '2030-02-01',
    });
    expect(self.body.errCode).toBe(ConsoleErr.NotOnSelf);
    expect(
      (
        await admin('/user/proxy/edit', {
          id: add.body.data!.id,
          startAt: '2030-01-01',
          endAt: '2030-02-01',
        })
      ).body.success,
    ).toBe(true);
    expect((await admin('/user/proxy/del', { id: add.body.data!.id })).body.success).toBe(true);
  });
});
