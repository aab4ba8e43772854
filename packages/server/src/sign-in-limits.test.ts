import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, PortalErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from './test/harness.ts';
import { PASSWORD, makeCompany, solveCaptcha } from './test/portal-fixture.ts';
import { NEW_PASSWORD, loginCaptcha, pwd, setupTenant, signIn } from './test/console-fixture.ts';
import { md5Hex } from './platform/passwords/password-hash.ts';

/**
 * Failed sign-ins from one address (docs/architecture.md §8 item 2): a noisy address is asked
 * for a captcha and slowed down, never shut out, and each sign-in screen counts its own.
 */

const host = 'office.example';
const en = { 'accept-language': 'en-US' };
const WRONG = md5Hex('Not-the-password-9');

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: { success: boolean; errCode: number; msg: string; data?: unknown };
}

describe('sign-ins from a noisy address', () => {
  let ctx: TestContext;
  let now = Date.now();
  let company: { email: string };
  const vendorAccount = 'root';

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, () => now);
    await call(ctx.app, '/sa/n/init', { account: vendorAccount, password: PASSWORD });
    company = await makeCompany(ctx);
    await setupTenant(ctx.app, host);
    // First sign-ins change the initial passwords (from an address of their own).
    for (const account of ['keys', 'operator', 'auditor']) await signIn(ctx.app, host, account);
  });
  afterAll(() => ctx.close());

  const post = async (url: string, body: object, from: string, headers = {}): Promise<Answer> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api${url}`,
      remoteAddress: from,
      headers: { ...en, ...headers },
      payload: body,
    });
    return { status: res.statusCode, headers: res.headers, body: res.json() };
  };
  const vendorLogin = async (from: string, password = PASSWORD) => {
    const c = await solveCaptcha(ctx, 'vendor');
    const body = { account: vendorAccount, password, captcha: c.answer };
    return post('/sa/n/login', body, from, { cookie: c.cookie });
  };
  const portalLogin = async (from: string, password = PASSWORD, email = company.email) => {
    const c = await solveCaptcha(ctx, 'portal');
    const body = { email, password, captcha: c.answer };
    return post('/com/n/login', body, from, { cookie: c.cookie });
  };
  const consoleLogin = async (
    from: string,
    account = 'keys',
    password = pwd(NEW_PASSWORD),
    withCaptcha = false,
  ) => {
    const c = withCaptcha ? await loginCaptcha(ctx.app) : undefined;
    const body = { account, password, ...(c ? { captcha: c.answer } : {}) };
    return post('/login/n/login', body, from, { host, ...(c ? { cookie: c.cookie } : {}) });
  };

  /** The wait a sign-in is refused with: 429, the seconds in Retry-After and in the envelope. */
  function expectWait(res: Answer, seconds: number) {
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(res.body).toEqual({
      success: false,
      errCode: PortalErr.LoginWait,
      msg: `Too many failed sign-ins from this network; please try again in ${seconds} s`,
      data: { seconds },
    });
  }

  it("lets the vendor's right password in after at most 30 s, from an address that failed 100 times", async () => {
    const office = '203.0.113.10';
    // A noisy machine behind the office's address, guessing accounts on the vendor's screen.
    for (let i = 0; i < 100; i++) {
      await ctx.app.platform.loginGuard.recordFailure('vendor', `guess${i}`, office);
    }
    expectWait(await vendorLogin(office), 30);
    now += 29_000;
    expectWait(await vendorLogin(office), 1);
    now += 1_000;
    const signedIn = await vendorLogin(office);
    expect(signedIn.body.success, JSON.stringify(signedIn.body)).toBe(true);
  });

  it('counts each sign-in screen apart', async () => {
    const office = '203.0.113.11';
    for (let i = 0; i < 100; i++) {
      await ctx.app.platform.loginGuard.recordFailure('vendor', `guess${i}`, office);
    }
    expect((await vendorLogin(office)).status).toBe(429);
    // The portal's and the console's screens have seen no failure from it: no wait, no captcha.
    const portal = await portalLogin(office);
    expect(portal.body.success, JSON.stringify(portal.body)).toBe(true);
    const tenant = await consoleLogin(office);
    expect(tenant.body.success, JSON.stringify(tenant.body)).toBe(true);
  });

  it('asks every console sign-in from an address with 20 failures for a captcha, then lets it in', async () => {
    const office = '203.0.113.12';
    for (let i = 0; i < 20; i++) {
      const res = await consoleLogin(office, `guess${i}`, WRONG);
      expect(res.body.errCode, `failure ${i}`).toBe(PortalErr.LoginFailed);
    }
    now += 1_000;
    // An account that failed nothing, on a tenant whose form shows no captcha: asked for one.
    const asked = await consoleLogin(office, 'operator');
    expect(asked.status).toBe(400);
    expect(asked.body.errCode).toBe(PortalErr.CaptchaRequired);
    const signedIn = await consoleLogin(office, 'operator', pwd(NEW_PASSWORD), true);
    expect(signedIn.body.success, JSON.stringify(signedIn.body)).toBe(true);
    // Another address of the same office network is not asked.
    const elsewhere = await consoleLogin('203.0.113.13', 'auditor');
    expect(elsewhere.body.success, JSON.stringify(elsewhere.body)).toBe(true);
  });

  it('spaces the tries of a noisy address: 1 s after its last failure, doubling to 30 s', async () => {
    const office = '203.0.113.14';
    // Each guess at another account: no account's own limit is reached.
    const guess = (i: number) => portalLogin(office, WRONG, `guess${i}@example.com`);
    for (let i = 0; i < 20; i++) {
      await ctx.app.platform.loginGuard.recordFailure('company', `guess${i}@example.com`, office);
    }
    const waits = [];
    for (let i = 20; i < 27; i++) {
      const refused = await guess(i);
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      waits.push(seconds);
      now += seconds * 1_000;
      expect((await guess(i)).body.errCode).toBe(PortalErr.LoginFailed);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30]);
    // A quarter of an hour without failures and the address is like any other.
    now += 15 * 60_000;
    const signedIn = await portalLogin(office);
    expect(signedIn.body.success, JSON.stringify(signedIn.body)).toBe(true);
  });

  it('spaces guesses at auto-login links from a noisy address too', async () => {
    const office = '203.0.113.15';
    const guess = (i: number) =>
      post('/login/n/token/login', { loginToken: `not-a-link-${i}`.padEnd(40, 'x') }, office, {
        host,
      });
    for (let i = 0; i < 20; i++) {
      expect((await guess(i)).body.errCode, `guess ${i}`).toBe(PortalErr.LoginFailed);
    }
    expectWait(await guess(20), 1);
    now += 1_000;
    expect((await guess(21)).body.errCode).toBe(PortalErr.LoginFailed);
    expectWait(await guess(22), 2);
  });

  it('still locks an account guessed at from many addresses', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await portalLogin(`198.51.100.${i + 1}`, WRONG);
      expect(res.body.errCode).toBe(PortalErr.LoginFailed);
    }
    const locked = await portalLogin('198.51.100.200');
    expect(locked.status).toBe(423);
    expect(locked.body.errCode).toBe(PortalErr.AccountLocked);
    expect(locked.body.errCode).not.toBe(CommonErr.TooMany);
  });
});
