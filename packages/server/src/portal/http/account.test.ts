import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PortalErr } from '@edp/shared/errors';
import { companies, emailCodes } from '../../platform/db/schema/index.ts';
import { emailCodeService } from '../company/index.ts';
import { md5Hex } from '../../platform/passwords/password-hash.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { PASSWORD, codeIn, mailsDuring, solveCaptcha } from '../../test/portal-fixture.ts';

const en = { 'accept-language': 'en-US' };

describe('/api/com/n/* and /api/com/my/{info,pwd}', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function sendCode(email: string, type: 'register' | 'reset', headers = en) {
    const c = await solveCaptcha(ctx);
    let res!: Awaited<ReturnType<typeof call>>;
    const mails = await mailsDuring(ctx, email, async () => {
      res = await call(
        ctx.app,
        '/com/n/send/email',
        { email, type, captcha: c.answer },
        { ...headers, cookie: c.cookie },
      );
    });
    return { res, mails, code: codeIn(mails.at(-1)) };
  }

  /** Makes the address's codes look sent a minute earlier, as if the resend delay had passed. */
  async function ageCodes(email: string) {
    await ctx.app.platform.db
      .update(emailCodes)
      .set({ expiresAt: sql`${emailCodes.expiresAt} - interval '60 seconds'` })
      .where(eq(emailCodes.email, email));
  }

  async function register(email: string) {
    const { code } = await sendCode(email, 'register');
    const res = await call(
      ctx.app,
      '/com/n/reg',
      { email, password: PASSWORD, code, company: 'ACME Ltd', phone: '+8613812345678' },
      en,
    );
    expect(res.body).toMatchObject({ success: true, errCode: 0 });
  }

  async function login(email: string, password = PASSWORD) {
    const c = await solveCaptcha(ctx);
    return call<{ token: string; company: { id: string; balance: number } }>(
      ctx.app,
      '/com/n/login',
      { email, password, captcha: c.answer },
      { ...en, cookie: c.cookie },
    );
  }

  it('serves the captcha as an uncached SVG bound to an HttpOnly cookie', async () => {
    const { response } = await solveCaptcha(ctx);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['set-cookie'])).toMatch(
      /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i,
    );
    expect(response.body).not.toContain('answer');
  });

  it('registers with a mailed code, then signs in and out', async () => {
    const email = 'Boss@Example.com';
    const ce = await call(ctx.app, '/com/n/ce', { email });
    expect(ce.body.data).toEqual({ exists: false });
    await register(email);
    expect((await call(ctx.app, '/com/n/ce', { email: 'boss@example.com' })).body.data).toEqual({
      exists: true,
    });
    const [row] = await ctx.app.platform.db
      .select()
      .from(companies)
      .where(eq(companies.email, 'boss@example.com'));
    expect(row).toMatchObject({ company: 'ACME Ltd', language: 'en-US', balance: 0 });
    expect(row!.passwordHash).toMatch(/^\$scrypt\$/);

    const res = await login(email);
    expect(res.body.data).toMatchObject({ company: { email: 'boss@example.com', balance: 0 } });
    const headers = { 'x-token': res.body.data!.token };
    const info = await call(ctx.app, '/com/my/info', {}, headers);
    expect(info.body.data).toMatchObject({ company: 'ACME Ltd', phone: '+8613812345678' });
    expect((await call(ctx.app, '/com/n/loginout', {}, headers)).body.success).toBe(true);
    expect((await call(ctx.app, '/com/my/info', {}, headers)).status).toBe(401);
    expect((await call(ctx.app, '/com/n/loginout')).body.success).toBe(true);
  });

  it('refuses a register code for a used mailbox, and checks the captcha first', async () => {
    await register('used@example.com');
    const { res, mails } = await sendCode('used@example.com', 'register');
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(
      'The mailbox has already been used, please change to another mailbox',
    );
    expect(mails).toHaveLength(0);
    const wrong = await call(
      ctx.app,
      '/com/n/send/email',
      { email: 'used@example.com', type: 'register', captcha: 'zzzz' },
      { ...en, cookie: (await solveCaptcha(ctx)).cookie },
    );
    expect(wrong.body.errCode).toBe(-10020);
    const none = await call(ctx.app, '/com/n/send/email', {
      email: 'x@example.com',
      type: 'reset',
    });
    expect(none.body.errCode).toBe(-10020);
  });

  it('uses a captcha once only', async () => {
    const c = await solveCaptcha(ctx);
    const body = { email: 'once@example.com', type: 'register', captcha: c.answer };
    const first = await call(ctx.app, '/com/n/send/email', body, { cookie: c.cookie });
    expect(first.body.success).toBe(true);
    const again = await call(ctx.app, '/com/n/send/email', body, { cookie: c.cookie });
    expect(again.body.errCode).toBe(-10020);
  });

  it('answers a reset for an unknown address like a sent one, but sends nothing', async () => {
    const { res, mails } = await sendCode('nobody@example.com', 'reset');
    expect(res.body).toMatchObject({ success: true, errCode: 0 });
    expect(mails).toHaveLength(0);
  });

  it('sends no second code to an address within a minute, alike for known and unknown ones', async () => {
    await register('often@example.com');
    for (const email of ['often@example.com', 'unknown-often@example.com']) {
      expect((await sendCode(email, 'reset')).res.body.success).toBe(true);
      const again = await sendCode(email, 'reset');
      expect(again.res.status).toBe(429);
      expect(again.res.body.errCode).toBe(-10035);
      expect(again.res.body.msg).toMatch(
        /^A code was sent just now, please try again in (60|59) s$/,
      );
      // The wait travels apart too, so the page can count it down and offer the code's entry.
      const { seconds } = again.res.body.data as { seconds: number };
      expect([59, 60]).toContain(seconds);
      // And in Retry-After, for any client that reads the header rather than the envelope.
      expect(again.res.headers['retry-after']).toBe(String(seconds));
      expect(again.mails).toHaveLength(0);
      const zh = await sendCode(email, 'reset', { 'accept-language': 'zh-CN' });
      expect(zh.res.body.msg).toMatch(/^验证码刚刚已发送，请 (60|59) 秒后再试$/);
    }
    // A minute later the known address gets a new code by mail, the unknown one still nothing.
    await ageCodes('often@example.com');
    await ageCodes('unknown-often@example.com');
    const known = await sendCode('often@example.com', 'reset');
    expect(known.mails).toHaveLength(1);
    const unknown = await sendCode('unknown-often@example.com', 'reset');
    expect(unknown.res.body).toEqual(known.res.body);
    expect(unknown.mails).toHaveLength(0);
  });

  it('sweeps expired codes only', async () => {
    await sendCode('sweep-old@example.com', 'register');
    await sendCode('sweep-new@example.com', 'register');
    await ctx.app.platform.db
      .update(emailCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailCodes.email, 'sweep-old@example.com'));
    await emailCodeService({ db: ctx.app.platform.db, clock: Date.now }).purgeExpired();
    const left = await ctx.app.platform.db.select({ email: emailCodes.email }).from(emailCodes);
    expect(left.map((r) => r.email)).toContain('sweep-new@example.com');
    expect(left.map((r) => r.email)).not.toContain('sweep-old@example.com');
  });

  it('validates every field of registration with a message naming it', async () => {
    const good = { email: 'v@example.com', password: PASSWORD, code: '123456', company: 'V' };
    const cases: [object, string][] = [
      [{ ...good, email: 'not-an-email' }, 'email'],
      [{ ...good, password: 'Plain-Text-1' }, 'password'],
      [{ ...good, code: '12345' }, 'code'],
      [{ ...good, company: '  ' }, 'company'],
      [{ ...good, company: 'x'.repeat(101) }, 'company'],
      [{ ...good, phone: '12345' }, 'phone'],
    ];
    for (const [body, field] of cases) {
      const res = await call(ctx.app, '/com/n/reg', body, en);
      expect(res.status).toBe(400);
      expect(res.body.errCode).toBe(-10001);
      expect(res.body.msg).toContain(field);
    }
    const common = await call(
      ctx.app,
      '/com/n/reg',
      { ...good, password: md5Hex('Password123') },
      en,
    );
    expect(common.body.errCode).toBe(-10026);
  });

  it('makes e-mail codes single use, 10-minute, 5 tries, voided by a newer one', async () => {
    const email = 'codes@example.com';
    const reg = (code: string) =>
      call(ctx.app, '/com/n/reg', { email, password: PASSWORD, code, company: 'C' }, en);
    const first = await sendCode(email, 'register');
    await ageCodes(email);
    const second = await sendCode(email, 'register');
    expect(first.code).toMatch(/^\d{6}$/);
    expect(second.code).toMatch(/^\d{6}$/);
    expect((await reg(first.code!)).body.errCode).toBe(-10024);

    // Expired: the row's expiry moves into the past.
    await ctx.app.platform.db
      .update(emailCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailCodes.email, email));
    expect((await reg(second.code!)).body.errCode).toBe(-10024);

    const third = await sendCode(email, 'register');
    const wrong = third.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await reg(wrong)).body.errCode).toBe(-10024);
    expect((await reg(third.code!)).body.errCode).toBe(-10024);

    await ageCodes(email);
    const fourth = await sendCode(email, 'register');
    const [row] = await ctx.app.platform.db
      .select()
      .from(emailCodes)
      .where(eq(emailCodes.email, email));
    expect(row!.codeHash).not.toContain(fourth.code!);
    expect((await reg(fourth.code!)).body.success).toBe(true);
  });

  it('answers an unknown account exactly like a wrong password, and locks after 10 failures', async () => {
    await register('lock@example.com');
    const unknown = await login('ghost@example.com', md5Hex('Wrong1234'));
    const wrong = await login('lock@example.com', md5Hex('Wrong1234'));
    expect(unknown.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({
      success: false,
      errCode: -10022,
      msg: 'Login failed: wrong account or password',
    });
    for (let i = 0; i < 9; i++) await login('lock@example.com', md5Hex('Wrong1234'));
    const locked = await login('lock@example.com');
    expect(locked.status).toBe(423);
    expect(locked.body.errCode).toBe(-10023);
  });

  it('refuses a wrong captcha before looking at the password', async () => {
    const c = await solveCaptcha(ctx);
    const res = await call(
      ctx.app,
      '/com/n/login',
      { email: 'boss@example.com', password: PASSWORD, captcha: 'nope' },
      { cookie: c.cookie },
    );
    expect(res.body.errCode).toBe(-10020);
  });

  it('resets the password with a mailed code and ends every session', async () => {
    const email = 'reset@example.com';
    await register(email);
    const a = (await login(email)).body.data!.token;
    const c = await solveCaptcha(ctx);
    const mails = await mailsDuring(ctx, email, () =>
      call(ctx.app, '/com/n/reset/pwd/code', { email, captcha: c.answer }, { cookie: c.cookie }),
    );
    const code = codeIn(mails[0]);
    expect(code).toMatch(/^\d{6}$/);
    const newPassword = md5Hex('N3wPassword!');
    const bad = await call(ctx.app, '/com/n/reset/pwd', {
      email,
      code: '999999',
      password: newPassword,
    });
    expect(bad.body.errCode).toBe(-10024);
    const ok = await call(ctx.app, '/com/n/reset/pwd', { email, code, password: newPassword });
    expect(ok.body.success).toBe(true);
    expect((await call(ctx.app, '/com/my/info', {}, { 'x-token': a })).body.errCode).toBe(-10002);
    expect((await login(email)).body.errCode).toBe(-10022);
    expect((await login(email, newPassword)).body.success).toBe(true);
  });

  it('changes the password while signed in and ends the other sessions only', async () => {
    const email = 'change@example.com';
    await register(email);
    const a = (await login(email)).body.data!.token;
    const b = (await login(email)).body.data!.token;
    const newPassword = md5Hex('An0therPass!');
    const wrongOld = await call(
      ctx.app,
      '/com/my/pwd',
      { oldPassword: md5Hex('nope'), newPassword },
      { 'x-token': a },
    );
    expect(wrongOld.body.errCode).toBe(-10031);
    const same = await call(
      ctx.app,
      '/com/my/pwd',
      { oldPassword: PASSWORD, newPassword: PASSWORD },
      { 'x-token': a, 'accept-language': 'en-US' },
    );
    expect(same.body).toMatchObject({
      errCode: PortalErr.PasswordSame,
      msg: 'The new password must differ from the current one',
    });
    const res = await call(
      ctx.app,
      '/com/my/pwd',
      { oldPassword: PASSWORD, newPassword },
      { 'x-token': a },
    );
    expect(res.body.success).toBe(true);
    expect((await call(ctx.app, '/com/my/info', {}, { 'x-token': a })).body.success).toBe(true);
    expect((await call(ctx.app, '/com/my/info', {}, { 'x-token': b })).status).toBe(401);
    const unsigned = await call(ctx.app, '/com/my/pwd', { oldPassword: PASSWORD, newPassword });
    expect(unsigned.status).toBe(401);
  });

  it('locks the account after 10 wrong old passwords, as after 10 failed logins', async () => {
    const email = 'guess@example.com';
    await register(email);
    const token = (await login(email)).body.data!.token;
    const change = (oldPassword: string) =>
      call(
        ctx.app,
        '/com/my/pwd',
        { oldPassword, newPassword: md5Hex('An0therPass!') },
        { ...en, 'x-token': token },
      );
    for (let i = 0; i < 10; i++) {
      expect((await change(md5Hex(`Wrong${i}pass`))).body.errCode).toBe(-10031);
    }
    const locked = await change(PASSWORD);
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({
      success: false,
      errCode: -10036,
      msg: 'Too many wrong passwords; the account is locked for 15 minutes',
    });
    expect((await login(email)).body.errCode).toBe(-10023);
  });
});

describe('rate limit of the unauthenticated account calls', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // 1/60 of the global per-minute limit: 2 a minute here, 20 at the default of 1200.
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: '120' });
  });
  afterAll(() => ctx.close());

  it('answers 429 in the envelope once /com/n/ce is asked too often', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await call(ctx.app, '/com/n/ce', { email: `r${i}@example.com` })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await call(ctx.app, '/com/my/info')).status).toBe(401);
  });
});
