import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr } from '@edp/shared/errors';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, setupTenant, signIn } from '../../test/console-fixture.ts';

/**
 * A list filtered by a record another tenant owns (or that does not exist) answers 404, as the
 * record itself would: an empty page would tell the caller nothing and hide a wrong id.
 */
describe('console list filters by id', () => {
  let ctx: TestContext;
  let mine: ReturnType<typeof as>;
  const theirs: Record<'roleId' | 'groupId' | 'userId', string> = {
    roleId: '',
    groupId: '',
    userId: '',
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    await setupTenant(ctx.app, 'mine.example', { allDuties: false });
    const vendor = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, 'theirs.example', {
      allDuties: false,
      headers: { 'x-token': vendor },
    });
    mine = as(ctx.app, 'mine.example', await signIn(ctx.app, 'mine.example', 'admin'));
    const other = as(ctx.app, 'theirs.example', await signIn(ctx.app, 'theirs.example', 'admin'));
    const roles = await other<{ list: { id: string }[] }>('/user/role/list', {});
    theirs.roleId = roles.body.data!.list[0]!.id;
    const group = await other<{ id: string }>('/user/group/add', { name: 'TheirGroup' });
    theirs.groupId = group.body.data!.id;
    const users = await other<{ list: { id: string }[] }>('/user/ug/list', {});
    theirs.userId = users.body.data!.list[0]!.id;
  }, 60_000);
  afterAll(() => ctx.close());

  it.each([
    ['/user/ug/list', 'roleId'],
    ['/user/ug/list', 'groupId'],
    ['/user/proxy/list', 'userId'],
  ] as const)('%s with another tenant’s %s answers 404', async (url, field) => {
    const res = await mine(url, { [field]: theirs[field] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, errCode: CommonErr.NotFound });
  });
});
