import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from './test/harness.ts';

describe('envelope, language and limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, (app) => {
      app.post('/api/test/crash', async () => {
        throw new Error('secret internal detail: password=hunter2');
      });
    });
  });
  afterAll(() => ctx.close());

  it('answers unknown /api paths with a 404 envelope in Chinese by default', async () => {
    const res = await call(ctx.app, '/no/such/call');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, errCode: -10004, msg: '请求的资源不存在' });
    expect(res.headers['content-language']).toBe('zh-CN');
    expect(res.headers['vary']).toContain('Accept-Language');
  });

  it('answers in English when the browser asks for it, Chinese for any zh variant', async () => {
    const en = await call(ctx.app, '/no/such/call', {}, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.body.msg).toBe('The requested resource does not exist');
    expect(en.headers['content-language']).toBe('en-US');
    const zh = await call(ctx.app, '/no/such/call', {}, { 'accept-language': 'zh-TW' });
    expect(zh.body.msg).toBe('请求的资源不存在');
  });

  it('rejects malformed JSON with 400 and the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/owner/n/ts',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      errCode: -10008,
      msg: 'The request body is not valid JSON',
    });
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/owner/n/ts',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, errCode: -10006 });
  });

  it('hides internals of a crash behind a 500 envelope', async () => {
    const res = await call(ctx.app, '/test/crash', {}, { 'accept-language': 'en-US' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, errCode: -10007, msg: 'Server error' });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });

  it('asks for a session before it looks at the body of a signed-in call', async () => {
    for (const url of ['/com/issue', '/user/add', '/sa/pk/edit']) {
      const res = await call(ctx.app, url, { months: 'many' });
      expect(res.status, url).toBe(401);
      expect(res.body.errCode, url).toBe(-10002);
    }
  });

  it("sets an API answer's security headers: nothing loaded, framed, sniffed or cached", async () => {
    const res = await call(ctx.app, '/owner/n/ts');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("sets a page's security headers; the OpenAPI UI keeps a policy that runs its scripts", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('reports health with the database it runs on', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: ctx.database.driver });
  });

  it('serves the OpenAPI document and its UI', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/owner/n/ts', '/api/owner/n/domain', '/api/sa/n/sys']),
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('rate limiting', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => ctx.close());

  it('answers 429 in the envelope once the limit is passed', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await call(ctx.app, '/owner/n/ts', {}, { 'accept-language': 'en-US' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last!.body).toEqual({
      success: false,
      errCode: -10005,
      msg: 'Too many requests, please try again later',
    });
  });
});
