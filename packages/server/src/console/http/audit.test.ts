import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { createTestApp, type TestContext, call } from '../../test/harness.ts';
import { as, PASSWORD, pwd, setupTenant, signIn } from '../../test/console-fixture.ts';

const host = 'acme.example';
type Entry = {
  account: string;
  action: string;
  target: string;
  result: string;
  errCode: number;
  detail: { before?: unknown; after?: unknown } | null;
  ip: string;
  duty: string;
};

describe('the audit log (/owner/l/log, /owner/dw/{owner}/audit)', () => {
  let ctx: TestContext;
  let tenantId: string;
  let auditor: ReturnType<typeof as>;
  let auditorToken: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await setupTenant(ctx.app, host);
    const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    await admin('/user/group/add', { name: 'Ops' });
    await admin('/user/group/add', { name: 'Ops' }); // fails: name taken
    await admin('/user/group/edit', {
      id: (await admin<{ list: { id: string }[] }>('/user/group/list')).body.data!.list[0]!.id,
      name: '=cmd|x',
    });
    await call(
      ctx.app,
      '/login/n/login',
      { account: 'operator', password: pwd('Wrong#1234') },
      { host },
    );
    const operator = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    await operator('/user/add', {
      account: 'sneaky',
      name: 'S',
      password: pwd(PASSWORD),
      roleId: crypto.randomUUID(),
    });
    auditorToken = await signIn(ctx.app, host, 'auditor');
    auditor = as(ctx.app, host, auditorToken);
    await auditor('/user/update/my-info', { name: 'Auditor' });
  });
  afterAll(() => ctx.close());

  const entries = async (filter: object = {}) =>
    (await auditor<{ list: Entry[]; total: number }>('/owner/l/log', { pageSize: 50, ...filter }))
      .body.data!;

  it("shows the auditor every other duty's changes and login attempts, with before and after", async () => {
    const { list } = await entries();
    const seen = list.map((e) => `${e.account} ${e.action} ${e.result}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'admin /owner/n/reg success',
        'admin /login/n/login success',
        'admin /user/group/add success',
        'admin /user/group/add failure',
        'admin /user/group/edit success',
        'operator /login/n/login failure',
        'operator /login/n/reset/expire/pwd success',
        'operator /user/add failure',
      ]),
    );
    const edit = list.find((e) => e.action === '/user/group/edit')!;
    expect(edit.detail).toMatchObject({ before: { name: 'Ops' }, after: { name: '=cmd|x' } });
    expect(edit).toMatchObject({ duty: 'system', target: 'Ops', ip: '127.0.0.1' });
    expect(
      list.find((e) => e.action === '/user/group/add' && e.result === 'failure')!.errCode,
    ).toBe(ConsoleErr.GroupNameExists);
    expect(list.find((e) => e.account === 'operator' && e.action === '/user/add')!.errCode).toBe(
      CommonErr.Forbidden,
    );
    // The auditor reads everyone's entries but not their own (the system administrator does:
    // audit-readers.test.ts).
    expect(list.some((e) => e.account === 'auditor')).toBe(false);
  });

  it('logs the sign-in sent to change its initial password as no failure, and the change as made', async () => {
    const res = await call<{ list: (Entry & { note: string })[] }>(
      ctx.app,
      '/owner/l/log',
      { account: 'operator', pageSize: 50 },
      { host, 'x-token': auditorToken, 'accept-language': 'en-US' },
    );
    const signIns = res.body
      .data!.list.filter((e) => e.action.startsWith('/login/n/'))
      .reverse()
      .map((e) => [e.action, e.result, e.errCode, e.note]);
    expect(signIns).toEqual([
      ['/login/n/login', 'failure', expect.any(Number), ''], // the wrong password
      [
        '/login/n/login',
        'success',
        0,
        'Password correct; sent to change the password first (first sign-in or expired)',
      ],
      ['/login/n/reset/expire/pwd', 'success', 0, 'Initial password changed at first sign-in'],
      ['/login/n/login', 'success', 0, ''], // the session the change answers
      ['/login/n/login', 'success', 0, ''], // signIn's own
    ]);
    expect(signIns[0]![2]).not.toBe(ConsoleErr.PasswordExpired);
  });

  it('filters by account, action and result', async () => {
    const failures = await entries({ result: 'failure' });
    expect(failures.list.every((e) => e.result === 'failure')).toBe(true);
    const adds = await entries({ action: '/user/group/add', account: 'ADMIN' });
    expect(adds.total).toBe(2);
    expect((await entries({ keyword: 'cmd' })).total).toBe(0);
    expect((await entries({ from: '2999-01-01' })).total).toBe(0);
  });

  it('exports CSV for its own tenant only, defusing spreadsheet formulas', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/owner/dw/${tenantId}/audit?action=/user/group/edit`,
      headers: { host, 'x-token': auditorToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // In the caller's language (zh-CN without Accept-Language), times in UTC without tz.
    expect(lines[0]).toBe(
      '时间（UTC）,操作账号,角色,职责,操作内容,对象,详情,IP 地址,结果,错误码,原因',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',admin,系统管理员,系统管理员,编辑分组,Ops,名称：Ops → =cmd|x');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00,/);
    // A failed sign-in reads as the action's label, then the account it tried.
    const login = await ctx.app.inject({
      method: 'GET',
      url: `/api/owner/dw/${tenantId}/audit?action=/login/n/login&result=failure`,
      headers: { host, 'x-token': auditorToken },
    });
    expect(login.body).toContain(',登录,operator,');
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/owner/dw/${crypto.randomUUID()}/audit`,
      headers: { host, 'x-token': auditorToken },
    });
    expect(other.statusCode).toBe(404);
  });

  it('answers a failing export in the envelope, not with a 200 cut short', async () => {
    // The table out of the way: the export's query fails as a lost database would make it.
    await ctx.app.platform.db.execute(sql`alter table console_audit rename to console_audit_away`);
    try {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/owner/dw/${tenantId}/audit`,
        headers: { host, 'x-token': auditorToken, 'accept-language': 'en-US' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        errCode: CommonErr.Server,
        msg: 'Server error',
      });
    } finally {
      await ctx.app.platform.db.execute(
        sql`alter table console_audit_away rename to console_audit`,
      );
    }
  });

  it('cannot be edited or deleted through the API', async () => {
    const routes = ctx.app.printRoutes({ commonPrefix: false });
    const auditRoutes = routes
      .split('\n')
      .filter((l) => /log|audit/i.test(l) && /\/owner\//.test(l));
    expect(auditRoutes.join('\n')).not.toMatch(/del|edit|set|update|clear/);
    for (const url of ['/owner/l/log/del', '/owner/l/log/edit', '/owner/l/log/clear']) {
      expect((await auditor(url, { id: 1 })).status).toBe(404);
    }
  });
});
