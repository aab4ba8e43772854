import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CommonErr } from '@edp/shared/errors';
import { consoleAudit } from '../db/index.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { as, setupTenant, signIn, pwd } from '../../test/console-fixture.ts';

/**
 * Input the fuzz suite (test/fuzz-suite.ts) found answered with a 5xx, outside the envelope, with SQL
 * or in the wrong language — each case as a caller meets it.
 */
describe('malformed input', () => {
  // Messages people read: no schema words (expected, Too big, Invalid input) in either language.
  let ctx: TestContext;
  const host = 'input.localhost';
  let tenantId: string;
  let admin: ReturnType<typeof as>;

  beforeAll(async () => {
    ctx = await createTestApp({ CAPTCHA: 'off' });
    tenantId = await setupTenant(ctx.app, host, { allDuties: false });
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  }, 60_000);
  afterAll(() => ctx.close());

  const zh = { host, 'accept-language': 'zh-CN' };
  const en = { host, 'accept-language': 'en-US' };

  it('refuses a NUL byte signed out (it used to reach PostgreSQL and answer 500)', async () => {
    const res = await call(
      ctx.app,
      '/login/n/login',
      { account: 'a\u0000b', password: pwd('x') },
      zh,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errCode: CommonErr.Invalid });
    expect(res.body.msg).toBe(
      '参数错误：body.account 含有无法保存的字符（NUL 或不成对的代理字符）',
    );
  });

  it('refuses a lone surrogate, in keys too, naming the field in English for en-US', async () => {
    const name = await admin('/user/update/my-info', { name: 'x\ud800' });
    expect(name.status).toBe(400);
    expect(name.body.errCode).toBe(CommonErr.Invalid);
    const key = await call(ctx.app, '/com/n/ce', { email: 'a@b.cn', ['\u0000']: 1 }, en);
    expect(key.status).toBe(400);
    expect(key.body.msg).toMatch(
      /^Invalid request: body\.\S* contains characters that cannot be stored/,
    );
  });

  it('refuses dates PostgreSQL or Date cannot hold, in the caller language', async () => {
    for (const from of ['0000-01-01', -8.64e15 - 1, 8.64e15, 'not a date']) {
      const res = await admin('/owner/l/log', { page: 1, pageSize: 10, from });
      expect(res.status, String(from)).toBe(400);
      expect(res.body.msg).toBe('参数错误：body.from 须为 1970 年至 9999 年之间的有效日期时间');
    }
  });

  it("puts zod's own checks in the caller's language", async () => {
    const zhAnswer = await call(ctx.app, '/com/n/ce', { email: 12 }, zh);
    expect(zhAnswer.body.msg).toBe('参数错误：body.email 类型不正确');
    const enAnswer = await call(ctx.app, '/com/n/ce', { email: 12 }, en);
    expect(enAnswer.body.msg).toBe('Invalid request: body.email has the wrong type');
    const long = await call(ctx.app, '/com/n/ce', { email: `${'a'.repeat(300)}@b.cn` }, zh);
    expect(long.body).toMatchObject({
      msg: '参数错误：body.email 不能超过 254 个字符',
      data: { field: 'body.email', reason: '不能超过 254 个字符' },
    });
    const rule = await call(ctx.app, '/com/n/ce', { email: 'nope' }, zh);
    expect(rule.body.msg).toBe('参数错误：body.email 须为有效的电子邮件地址');
    const missing = await call(ctx.app, '/com/n/ce', {}, zh);
    expect(missing.body.msg).toBe('参数错误：body.email 为必填项');
  });

  it('refuses nesting deeper than any call takes without overflowing', async () => {
    const deep = `{"email":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/com/n/ce',
      payload: deep,
      headers: { ...en, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/nested too deeply|not valid JSON/);
  });

  it('answers router errors in the envelope', async () => {
    for (const url of ['/api/%E0%A4%A', `/api/com/dw/${'x'.repeat(500)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: en });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ success: false, errCode: CommonErr.Invalid });
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/no/such', headers: en });
    expect(missing.json()).toMatchObject({ success: false, errCode: CommonErr.NotFound });
  });

  it('audits a failed change with a bounded target and answers in the envelope', async () => {
    const id = 'x'.repeat(1_000_000 - 20);
    const res = await admin('/user/del', { id });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body).length).toBeLessThan(1_000);
    const rows = await ctx.app.platform.db
      .select({ target: consoleAudit.target })
      .from(consoleAudit)
      .where(and(eq(consoleAudit.tenantId, tenantId), eq(consoleAudit.action, '/user/del')));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.target.length).toBeLessThanOrEqual(200);
  });
});
