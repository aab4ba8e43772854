import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../platform/passwords/password-hash.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { PASSWORD, makeCompany, solveCaptcha } from '../../test/portal-fixture.ts';
import { loginCaptcha } from '../../test/console-fixture.ts';

describe('/api/sa: set-up, login, packages, codes, companies', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function login(account: string, password = PASSWORD) {
    const c = await solveCaptcha(ctx, 'vendor');
    return call<{ token: string }>(
      ctx.app,
      '/sa/n/login',
      { account, password, captcha: c.answer },
      { cookie: c.cookie, 'accept-language': 'en-US' },
    );
  }

  it('sets up the super administrator once, even when asked twice at the same time', async () => {
    expect((await call(ctx.app, '/sa/n/check')).body.data).toEqual({ initialized: false });
    const bad = await call(ctx.app, '/sa/n/init', { account: 'x', password: PASSWORD });
    expect(bad.body.msg).toContain('account');
    const common = await call(ctx.app, '/sa/n/init', {
      account: 'root',
      password: md5Hex('Password123'),
    });
    expect(common.body.errCode).toBe(-10026);
    const [one, two] = await Promise.all([
      call(ctx.app, '/sa/n/init', { account: 'root', password: PASSWORD }),
      call(ctx.app, '/sa/n/init', { account: 'other', password: PASSWORD }),
    ]);
    expect([one.body.errCode, two.body.errCode].sort()).toEqual([-10030, 0]);
    expect((await call(ctx.app, '/sa/n/check')).body.data).toEqual({ initialized: true });
  });

  it('signs in with a captcha, same answer for unknown and wrong, locks after 10', async () => {
    const winner = (await login('root')).body.success ? 'root' : 'other';
    const res = await login(winner);
    expect(res.body.success).toBe(true);
    headers = { 'x-token': res.body.data!.token };
    const unknown = await login('nobody', md5Hex('x'));
    const wrong = await login(winner, md5Hex('x'));
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.status).toBe(401);
    const c = await solveCaptcha(ctx, 'vendor');
    const noCaptcha = await call(
      ctx.app,
      '/sa/n/login',
      { account: winner, password: PASSWORD, captcha: 'zz' },
      { cookie: c.cookie },
    );
    expect(noCaptcha.body.errCode).toBe(-10020);
    for (let i = 0; i < 9; i++) await login(winner, md5Hex('x'));
    expect((await login(winner)).body.errCode).toBe(-10023);
  });

  it('refuses a captcha made for another login form as a wrong captcha', async () => {
    for (const other of [await solveCaptcha(ctx, 'portal'), await loginCaptcha(ctx.app)]) {
      const id = other.cookie.split('=')[1]!;
      const res = await call(
        ctx.app,
        '/sa/n/login',
        // An account no earlier test locked: a right captcha would answer -10022.
        { account: 'fresh', password: PASSWORD, captcha: other.answer },
        { cookie: `edp_captcha_vendor=${id}` },
      );
      expect(res.body.errCode).toBe(-10020);
    }
  });

  it('keeps every /sa call except /sa/n/* to a super administrator session', async () => {
    const company = await makeCompany(ctx);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, object][] = [
      ['/sa/pks', {}],
      ['/sa/pk/edit', { name: 'x', months: 1 }],
      ['/sa/pk/del', { id }],
      ['/sa/pk/codes', { packageId: id, count: 1 }],
      ['/sa/coms', {}],
    ];
    for (const [url, body] of calls) {
      expect((await call(ctx.app, url, body)).status).toBe(401);
      expect((await call(ctx.app, url, body, company.headers)).body.errCode).toBe(-10002);
    }
  });

  it('creates, edits, lists, deletes packages and makes unique codes', async () => {
    const created = await call<{ id: string }>(
      ctx.app,
      '/sa/pk/edit',
      { name: 'One year', months: 12 },
      headers,
    );
    const id = created.body.data!.id;
    expect(
      (await call(ctx.app, '/sa/pk/edit', { id, name: 'Year', months: 12 }, headers)).body.success,
    ).toBe(true);
    for (const months of [0, 121, 2.5]) {
      const res = await call(ctx.app, '/sa/pk/edit', { name: 'x', months }, headers);
      expect(res.body.msg).toContain('months');
    }
    expect(
      (await call(ctx.app, '/sa/pk/edit', { name: ' ', months: 1 }, headers)).body.msg,
    ).toContain('name');
    const codes = await call<{ codes: string[] }>(
      ctx.app,
      '/sa/pk/codes',
      { packageId: id, count: 1000 },
      headers,
    );
    expect(new Set(codes.body.data!.codes).size).toBe(1000);
    for (const count of [0, 1001]) {
      const res = await call(ctx.app, '/sa/pk/codes', { packageId: id, count }, headers);
      expect(res.body.msg).toContain('count');
    }
    const pks = await call<{ list: { name: string; codesIssued: number }[]; total: number }>(
      ctx.app,
      '/sa/pks',
      {},
      headers,
    );
    expect(pks.body.data!.list).toEqual([
      expect.objectContaining({ id, name: 'Year', months: 12, codesIssued: 1000, codesUsed: 0 }),
    ]);

    // A code made before the package was deleted still works.
    const company = await makeCompany(ctx);
    expect((await call(ctx.app, '/sa/pk/del', { id }, headers)).body.success).toBe(true);
    expect((await call(ctx.app, '/sa/pk/del', { id }, headers)).status).toBe(404);
    expect((await call(ctx.app, '/sa/pk/codes', { packageId: id, count: 1 }, headers)).status).toBe(
      404,
    );
    const redeemed = await call(
      ctx.app,
      '/com/recharge',
      { code: codes.body.data!.codes[0] },
      company.headers,
    );
    expect(redeemed.body.data).toEqual({ balance: 12, months: 12 });
    expect((await call<{ total: number }>(ctx.app, '/sa/pks', {}, headers)).body.data!.total).toBe(
      0,
    );
  });

  it('lists companies with their balance, searchable', async () => {
    await makeCompany(ctx, 3, 'findme@acme.example');
    const res = await call<{ list: { email: string; balance: number }[]; total: number }>(
      ctx.app,
      '/sa/coms',
      { keyword: 'FINDME' },
      headers,
    );
    expect(res.body.data!.list).toEqual([
      expect.objectContaining({ email: 'findme@acme.example', balance: 3, licenceCount: 0 }),
    ]);
    const all = await call<{ total: number }>(ctx.app, '/sa/coms', {}, headers);
    expect(all.body.data!.total).toBeGreaterThanOrEqual(3);
  });

  it('signs out', async () => {
    expect((await call(ctx.app, '/sa/n/loginout', {}, headers)).body.success).toBe(true);
    expect((await call(ctx.app, '/sa/pks', {}, headers)).status).toBe(401);
  });
});
