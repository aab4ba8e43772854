import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr } from '@edp/shared/errors';
import { eq } from 'drizzle-orm';
import { consoleProxies, consoleUsers } from '../../platform/db/schema/index.ts';
import { localCacheBus } from '../../platform/cache/index.ts';
import { consoleCache } from '../access/index.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, PASSWORD, pwd, setupTenant, signIn, userIdOf } from '../../test/console-fixture.ts';

const host = 'cache.example';

/**
 * Actors, sessions and user-list pages are cached on the node for a few seconds; every change
 * made through this node must still apply at the very next call.
 */
describe('console caches apply changes at once on the same node', () => {
  let ctx: TestContext;
  let tenantId: string;
  let admin: ReturnType<typeof as>;

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  });
  afterAll(() => ctx.close());

  /** A new user holding a new role of the system duty, signed in. */
  async function userWithRole(account: string, permission: 'read' | 'write') {
    const role = await admin<{ id: string }>('/user/role/add', {
      name: `${account}Role`,
      menu: 'system',
      permission,
    });
    const added = await admin<{ id: string }>('/user/add', {
      account,
      name: account,
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
    });
    expect(added.body.success).toBe(true);
    const me = as(ctx.app, host, await signIn(ctx.app, host, account));
    return { me, roleId: role.body.data!.id, userId: added.body.data!.id };
  }

  it('shows a new user in the list at once', async () => {
    const before = (await admin<{ total: number }>('/user/ug/list')).body.data!.total;
    await userWithRole('newcomer', 'read');
    const after = await admin<{ total: number; list: { account: string }[] }>('/user/ug/list');
    expect(after.body.data!.total).toBe(before + 1);
    expect(after.body.data!.list.map((u) => u.account)).toContain('newcomer');
  });

  it("applies a role's new permission and duty at the next call", async () => {
    const { me, roleId } = await userWithRole('reader', 'read');
    expect((await me('/user/ug/list')).body.success).toBe(true);
    const add = { account: 'byreader', name: 'byreader', password: pwd(PASSWORD), roleId };
    expect((await me('/user/add', add)).body.errCode).toBe(CommonErr.Forbidden);
    await admin('/user/role/edit', { id: roleId, permission: 'write' });
    expect((await me('/user/add', add)).body.success).toBe(true);
    await admin('/user/role/edit', { id: roleId, menu: 'audit' });
    expect((await me('/user/ug/list')).body.errCode).toBe(CommonErr.Forbidden);
  });

  it("ends a disabled or deleted user's session at the next call", async () => {
    const disabled = await userWithRole('tobedisabled', 'read');
    expect((await disabled.me('/user/my/info')).body.success).toBe(true);
    await admin('/user/edit', { id: disabled.userId, status: 'disabled' });
    const refused = await disabled.me('/user/my/info');
    expect(refused.status).toBe(401);
    expect(refused.body.errCode).toBe(CommonErr.SessionExpired);

    const deleted = await userWithRole('tobedeleted', 'read');
    expect((await deleted.me('/user/my/info')).body.success).toBe(true);
    await admin('/user/del', { id: deleted.userId });
    expect((await deleted.me('/user/my/info')).body.errCode).toBe(CommonErr.SessionExpired);
  });

  it('keeps its copies through changes refused before they run (malformed input)', async () => {
    const { userId } = await userWithRole('renamedbehind', 'read');
    const names = async () =>
      (
        await admin<{ list: { id: string; name: string }[] }>('/user/ug/list', { pageSize: 50 })
      ).body.data!.list.find((u) => u.id === userId)!.name;
    expect(await names()).toBe('renamedbehind');
    // Written past the services, so that only the cache's copy still holds the old name.
    await ctx.app.platform.db
      .update(consoleUsers)
      .set({ name: 'renamed' })
      .where(eq(consoleUsers.id, userId));
    // A change the input check refuses never reaches its service: nothing changed, nothing to
    // forget (a flood of malformed calls must not make every call of the tenant reload).
    const refused = await admin('/user/edit', { id: userId, name: 42 });
    expect(refused.body.errCode).toBe(CommonErr.Invalid);
    expect(await names()).toBe('renamedbehind');
    // A change that ran makes the list read again.
    expect((await admin('/user/edit', { id: userId, status: 'normal' })).body.success).toBe(true);
    expect(await names()).toBe('renamed');
  });

  it('keeps a cached actor no longer than its proxy window', async () => {
    const { userId } = await userWithRole('proxied', 'read');
    const auditRole = (
      await admin<{ list: { id: string; menu: string }[] }>('/user/role/list', { pageSize: 50 })
    ).body.data!.list.find((r) => r.menu === 'audit')!;
    let clock = Date.now();
    const cache = consoleCache({
      db: ctx.app.platform.db,
      clock: () => clock,
      bus: localCacheBus(),
    });
    await ctx.app.platform.db.insert(consoleProxies).values({
      tenantId,
      userId,
      roleId: auditRole.id,
      startAt: new Date(clock + 1_000),
      endAt: new Date(clock + 2_000),
    });
    const menus = async () => (await cache.actor(userId, tenantId))!.menus;
    expect(await menus()).toEqual(['system']);
    clock += 1_000; // the window opens within the cache's few seconds
    expect(await menus()).toEqual(['system', 'audit']);
    clock += 1_000; // and closes
    expect(await menus()).toEqual(['system']);
    expect(await userIdOf(ctx.app, tenantId, 'proxied')).toBe(userId);
  });
});
