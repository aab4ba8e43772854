import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr } from '@edp/shared/errors';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import { createTestApp, type TestContext, call } from '../../test/harness.ts';
import { as, PASSWORD, pwd, setupTenant, signIn, userIdOf } from '../../test/console-fixture.ts';

const host = 'lang.example';
type Lang = 'zh-CN' | 'en-US';

/** The audit log reads in the reader's language: no API path, labelled fields (docs/console.md). */
describe('the audit log in the reader’s language', () => {
  let ctx: TestContext;
  let tenantId: string;
  let auditorToken: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await setupTenant(ctx.app, host);
    const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const group = await admin<{ id: string }>('/user/group/add', { name: 'East' });
    await admin('/user/group/add', { name: '@evil' });
    const roles = (
      await admin<{ list: { id: string; builtInKey: string | null }[] }>('/user/role/list')
    ).body.data!.list;
    const operatorRole = roles.find((r) => r.builtInKey === 'operator')!.id;
    await admin('/user/add', {
      account: 'alice',
      name: 'Alice',
      password: pwd(PASSWORD),
      roleId: operatorRole,
      groupId: group.body.data!.id,
    });
    const alice = await userIdOf(ctx.app, tenantId, 'alice');
    await admin('/user/edit', { id: alice, status: 'disabled' });
    await admin('/login/s/set', {
      picCodeTag: false,
      pwdMatch: { list: ['upper', 'number'], range: [8, 32] },
      expireDays: 90,
      lockCount: 5,
      sms: false,
      mailCode: false,
    });
    await call(ctx.app, '/login/n/login', { account: 'ghost', password: pwd('x') }, { host });
    auditorToken = await signIn(ctx.app, host, 'auditor');
  });
  afterAll(() => ctx.close());

  const read = async (lang: Lang, filter: object = {}) => {
    const res = await call<{ list: TAuditItem[] }>(
      ctx.app,
      '/owner/l/log',
      { pageSize: 50, ...filter },
      { host, 'x-token': auditorToken, 'accept-language': lang },
    );
    return res.body.data!.list;
  };
  const exported = (query: string, lang: Lang) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/owner/dw/${tenantId}/audit?${query}`,
      headers: { host, 'x-token': auditorToken, 'accept-language': lang },
    });

  it('names the action, duty and role in the reader’s language, keeping the raw action', async () => {
    const zh = await read('zh-CN', { action: '/user/add' });
    expect(zh[0]).toMatchObject({
      action: '/user/add',
      actionLabel: '新增用户',
      duty: 'system',
      dutyLabel: '系统管理员',
      roleKey: 'admin',
      result: 'success',
      reason: '',
    });
    const en = await read('en-US', { action: '/user/add' });
    expect(en[0]).toMatchObject({ actionLabel: 'Add user', dutyLabel: 'System administrator' });
    for (const lang of ['zh-CN', 'en-US'] as const) {
      for (const e of await read(lang)) expect(e.actionLabel, e.action).not.toMatch(/^\//);
    }
    // A sign-in with an unknown account: no actor, no duty; the reason in words.
    const ghost = (await read('en-US', { account: 'ghost' }))[0]!;
    expect(ghost).toMatchObject({
      actionLabel: 'Sign in',
      dutyLabel: '',
      roleKey: null,
      result: 'failure',
      errCode: -10022,
    });
    expect(ghost.reason).toMatch(/account or password/i);
  });

  it('shows before and after as labelled fields, names for ids, changed ones marked', async () => {
    const [edit] = await read('zh-CN', { action: '/user/edit' });
    const byField = Object.fromEntries(edit!.changes.map((c) => [c.field, c]));
    expect(byField.status).toEqual({
      field: 'status',
      label: '状态',
      before: '正常',
      after: '禁用',
      changed: true,
      time: false,
    });
    expect(byField.roleId).toMatchObject({ label: '角色', after: '安全操作员', changed: false });
    expect(byField.groupId).toMatchObject({ label: '分组', after: 'East' });
    expect(byField.account).toMatchObject({ label: '账号', after: 'alice', changed: false });
    const [enEdit] = await read('en-US', { action: '/user/edit' });
    const en = Object.fromEntries(enEdit!.changes.map((c) => [c.field, c]));
    expect(en.status).toMatchObject({ label: 'Status', before: 'Normal', after: 'Disabled' });
    expect(en.roleId).toMatchObject({ label: 'Role', after: 'Security operator' });

    const [settings] = await read('en-US', { action: '/login/s/set' });
    const s = Object.fromEntries(settings!.changes.map((c) => [c.field, c]));
    expect(s['pwdMatch.list']).toMatchObject({
      label: 'Password must contain',
      after: 'upper case letters, numbers',
      changed: true,
    });
    expect(s['pwdMatch.range']).toMatchObject({ label: 'Password length', after: '8–32' });
    expect(s.picCodeTag).toMatchObject({ label: 'Login captcha', after: 'No' });

    const [setup] = await read('zh-CN', { action: '/owner/n/reg' });
    const duties = setup!.changes.find((c) => c.field === 'duties')!;
    expect(duties).toMatchObject({
      label: '设置的职责',
      after: '系统管理员、密码管理员、安全操作员、审计员',
    });
  });

  it('offers the action filter its choices, labelled, to the log’s readers only', async () => {
    const choices = async (lang: Lang) =>
      (
        await call<{ list: { action: string; label: string }[] }>(
          ctx.app,
          '/owner/l/log/actions',
          {},
          { host, 'x-token': auditorToken, 'accept-language': lang },
        )
      ).body.data!.list;
    const zh = await choices('zh-CN');
    expect(zh).toEqual(
      expect.arrayContaining([
        { action: '/login/n/login', label: '登录' },
        { action: '/user/add', label: '新增用户' },
        { action: '/sa/ows/act', label: '启用或停用租户' },
      ]),
    );
    expect(zh.every((c) => !c.label.startsWith('/'))).toBe(true);
    expect(await choices('en-US')).toContainEqual({ action: '/user/add', label: 'Add user' });
    // Only for those who read the log (the auditor, and the system administrator for the
    // audit duty's entries): not for the key manager.
    const keys = as(ctx.app, host, await signIn(ctx.app, host, 'keys'));
    expect((await keys('/owner/l/log/actions')).body.errCode).toBe(CommonErr.Forbidden);
  });

  it('exports the CSV in the reader’s language and time zone, with no API path', async () => {
    const [entry] = await read('zh-CN', { action: '/user/add' });
    const zh = await exported('tz=Asia/Shanghai', 'zh-CN');
    expect(zh.statusCode).toBe(200);
    const zhLines = zh.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(zhLines[0]).toBe(
      '时间（Asia/Shanghai）,操作账号,角色,职责,操作内容,对象,详情,IP 地址,结果,错误码,原因',
    );
    // Shanghai is UTC+8 all year.
    const at = new Date(new Date(entry!.at).getTime() + 8 * 3_600_000).toISOString();
    const shanghai = `${at.slice(0, 10)} ${at.slice(11, 19)} +08:00`;
    const add = zhLines.find((l) => l.includes(',新增用户,'))!;
    expect(add.startsWith(`${shanghai},admin,系统管理员,系统管理员,新增用户,alice,`)).toBe(true);
    expect(add).toContain('状态：正常');
    expect(add).toContain(',成功,,');
    expect(zh.headers['content-disposition']).toMatch(/filename="audit-\d{4}-\d\d-\d\d\.csv"/);

    const en = await exported('tz=America/New_York', 'en-US');
    const enLines = en.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(enLines[0]).toBe(
      'Time (America/New_York),Actor account,Role,Duty,Action,Target,Details,IP address,Result,Error code,Reason',
    );
    expect(enLines.find((l) => l.includes(',Add user,'))).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d -0[45]:00,admin,System administrator,System administrator,Add user,alice,/,
    );
    expect(en.body).toContain(',Sign in,ghost,');
    expect(en.body).toContain(',Failure,-10022,');
    // A value that starts like a formula is defused.
    expect(en.body).toContain(",'@evil,");
    for (const body of [zh.body, en.body]) {
      expect(body).not.toMatch(/(^|,)"?\/(user|login|owner|sa)\//m);
    }
  });

  it('refuses a time zone the runtime does not know, in the envelope and both languages', async () => {
    for (const tz of ['Mars/Olympus', 'Asia/Shanghai;DROP', 'x'.repeat(65)]) {
      const res = await exported(`tz=${encodeURIComponent(tz)}`, 'en-US');
      expect(res.statusCode, tz).toBe(400);
      expect(res.json()).toMatchObject({ errCode: CommonErr.Invalid });
      expect(res.json().msg).toContain('IANA time zone');
    }
    const zh = await exported('tz=Mars%2FOlympus', 'zh-CN');
    expect(zh.json().msg).toContain('IANA 时区');
    expect((await exported('tz=UTC', 'en-US')).statusCode).toBe(200);
  });

  it('answers a refused call by its label and reason too', async () => {
    const operator = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    await operator('/user/role/add', { name: 'Nope', menu: 'audit', permission: 'read' });
    const [refused] = await read('en-US', { account: 'operator', action: '/user/role/add' });
    expect(refused).toMatchObject({
      actionLabel: 'Add role',
      dutyLabel: 'Security operator',
      roleKey: 'operator',
      errCode: CommonErr.Forbidden,
      changes: [],
    });
    expect(refused!.reason).toBe('You do not have permission to do this');
  });
});
