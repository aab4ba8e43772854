import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleErr } from '@edp/shared/errors';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, setupTenant, signIn, userIdOf } from '../../test/console-fixture.ts';

const host = 'keys.example';
const en = { 'accept-language': 'en-US' };
type Role = { id: string; name: string; builtIn: boolean; builtInKey: string | null };

/** Built-in roles are known by their key and shown in the reader's language (docs/console.md). */
describe('built-in role keys', () => {
  let ctx: TestContext;
  let tenantId: string;
  let admin: ReturnType<typeof as>;

  beforeAll(async () => {
    ctx = await createTestApp();
    // Set up in English: the stored names are English, the keys the same as in Chinese.
    tenantId = await setupTenant(ctx.app, host, { headers: en });
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  });
  afterAll(() => ctx.close());

  const roles = async () =>
    (await admin<{ list: Role[] }>('/user/role/list', { pageSize: 50 })).body.data!.list;

  it('answers each built-in role with its key, and none for a role users made', async () => {
    expect(
      (await admin('/user/role/add', { name: 'Night-shift', menu: 'operate', permission: 'read' }))
        .body.success,
    ).toBe(true);
    expect((await roles()).map((r) => [r.name, r.builtIn, r.builtInKey])).toEqual([
      ['System administrator', true, 'admin'],
      ['Password manager', true, 'keyAdmin'],
      ['Security operator', true, 'operator'],
      ['Auditor', true, 'auditor'],
      ['Night-shift', false, null],
    ]);
  });

  it('names the key wherever a role is named: users, my info, proxies', async () => {
    const users = (
      await admin<{ list: { account: string; roleKey: string | null }[] }>('/user/ug/list')
    ).body.data!.list;
    expect(Object.fromEntries(users.map((u) => [u.account, u.roleKey]))).toEqual({
      admin: 'admin',
      keys: 'keyAdmin',
      operator: 'operator',
      auditor: 'auditor',
    });
    const auditorRole = (await roles()).find((r) => r.builtInKey === 'auditor')!;
    const now = Date.now();
    await admin('/user/proxy/add', {
      userId: await userIdOf(ctx.app, tenantId, 'keys'),
      roleId: auditorRole.id,
      startAt: new Date(now - 60_000).toISOString(),
      endAt: new Date(now + 3_600_000).toISOString(),
    });
    const proxies = (await admin<{ list: { roleKey: string | null }[] }>('/user/proxy/list')).body
      .data!.list;
    expect(proxies.map((p) => p.roleKey)).toEqual(['auditor']);
    const keys = as(ctx.app, host, await signIn(ctx.app, host, 'keys'));
    const me = (
      await keys<{ roleName: string; roleKey: string; proxies: { roleKey: string }[] }>(
        '/user/my/info',
      )
    ).body.data!;
    expect(me).toMatchObject({ roleName: 'Password manager', roleKey: 'keyAdmin' });
    expect(me.proxies.map((p) => p.roleKey)).toEqual(['auditor']);
  });

  it('refuses renaming a built-in role, which is shown by its key, but edits its groups', async () => {
    const system = (await roles()).find((r) => r.builtInKey === 'admin')!;
    const rename = await admin('/user/role/edit', { id: system.id, name: 'Boss' });
    expect(rename.body.errCode).toBe(ConsoleErr.Protected);
    expect(rename.status).toBe(409);
    const same = await admin('/user/role/edit', { id: system.id, groupIds: [] });
    expect(same.body.success).toBe(true);
    expect((await roles()).find((r) => r.id === system.id)!.name).toBe('System administrator');
  });

  it("keeps a built-in role's name in either language from the roles users make", async () => {
    // '审计员' is how the Chinese console shows this tenant's Auditor.
    for (const name of ['审计员', 'Auditor']) {
      const add = await admin('/user/role/add', { name, menu: 'audit', permission: 'read' });
      expect(add.body.errCode, name).toBe(ConsoleErr.RoleNameExists);
    }
    const mine = (await roles()).find((r) => r.name === 'Night-shift')!;
    const edit = await admin('/user/role/edit', { id: mine.id, name: '安全操作员' });
    expect(edit.body.errCode).toBe(ConsoleErr.RoleNameExists);
    // A duty the tenant skipped at setup has no built-in role: its name is free.
    const solo = 'solo.example';
    const vendor = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, solo, { allDuties: false, headers: { 'x-token': vendor } });
    const soloAdmin = as(ctx.app, solo, await signIn(ctx.app, solo, 'admin'));
    const add = await soloAdmin('/user/role/add', {
      name: '审计员',
      menu: 'audit',
      permission: 'write',
    });
    expect(add.body.success).toBe(true);
    const list = (await soloAdmin<{ list: Role[] }>('/user/role/list')).body.data!.list;
    expect(list.map((r) => [r.name, r.builtInKey])).toEqual([
      ['系统管理员', 'admin'],
      ['审计员', null],
    ]);
  });
});
