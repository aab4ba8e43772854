import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTO_LOGIN_TTL_MS } from '@edp/shared/constants';
import { ConsoleErr, PortalErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { as, NEW_PASSWORD, pwd, setupTenant, signIn } from '../../test/console-fixture.ts';

const host = 'acme.example';

/**
 * The auto-login link (/login/gt, /login/n/token/login): it lasts a day, ends at logout and with
 * the password, and is no way round the login codes. Date is faked before the app is built (the
 * app takes `Date.now` then) so that a day can pass; otherwise it runs as usual.
 */
describe('auto-login links', () => {
  let ctx: TestContext;
  const tokenLogin = (loginToken: string, headers: Record<string, string> = {}) =>
    call<{ token: string }>(ctx.app, '/login/n/token/login', { loginToken }, { host, ...headers });
  const linkOf = async (me: ReturnType<typeof as>, ng: 0 | 1 = 0) => {
    const res = await me<{ loginToken: string; expiresAt: string }>('/login/gt', { ng });
    expect(res.body.success).toBe(true);
    return res.body.data!;
  };
  const settings = (patch: object) => ({
    picCodeTag: false,
    pwdMatch: { list: ['upper', 'lower', 'number'], range: [8, 20] },
    expireDays: 0,
    lockCount: 10,
    sms: false,
    mailCode: false,
    ...patch,
  });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    ctx = await createTestApp();
    await setupTenant(ctx.app, host);
  });
  afterAll(async () => {
    await ctx.close();
    vi.useRealTimers();
  });

  it('says when the link stops working, and refuses it a day after it was made', async () => {
    const me = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const made = Date.now();
    const link = await linkOf(me, 1);
    const expiresAt = Date.parse(link.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(made + AUTO_LOGIN_TTL_MS);
    expect(expiresAt).toBeLessThan(made + AUTO_LOGIN_TTL_MS + 60_000);
    // ng 0 shows the same link and the same end.
    expect(await linkOf(me)).toEqual(link);
    expect((await tokenLogin(link.loginToken)).body.success).toBe(true);

    vi.setSystemTime(expiresAt + 1_000);
    const late = await tokenLogin(link.loginToken);
    expect(late.status).toBe(401);
    expect(late.body.errCode).toBe(PortalErr.LoginFailed);
    // Asked again, the dead link is replaced by a new one.
    const again = await linkOf(as(ctx.app, host, await signIn(ctx.app, host, 'admin')));
    expect(again.loginToken).not.toBe(link.loginToken);
    expect(Date.parse(again.expiresAt)).toBeGreaterThan(Date.now());
    expect((await tokenLogin(again.loginToken)).body.success).toBe(true);
  });

  it('ends the link at logout', async () => {
    const me = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const link = await linkOf(me);
    expect((await me('/login/login/out')).body.success).toBe(true);
    expect((await tokenLogin(link.loginToken)).body.errCode).toBe(PortalErr.LoginFailed);
  });

  it('ends the link when the password changes', async () => {
    // 'keys' had a password chosen at setup: signIn changes it to NEW_PASSWORD.
    const me = as(ctx.app, host, await signIn(ctx.app, host, 'keys'));
    const link = await linkOf(me);
    const changed = await me('/user/update/my-pwd', {
      oldPassword: pwd(NEW_PASSWORD),
      newPassword: pwd('Third#Pass3'),
    });
    expect(changed.body.success).toBe(true);
    expect((await tokenLogin(link.loginToken)).body.errCode).toBe(PortalErr.LoginFailed);
  });

  it('is refused while the tenant requires login codes, which it would skip', async () => {
    const me = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const link = await linkOf(me);
    expect((await me('/login/s/set', settings({ sms: true }))).body.success).toBe(true);

    const refused = await tokenLogin(link.loginToken, { 'accept-language': 'en-US' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      errCode: ConsoleErr.AutoLoginNeedsCode,
      msg: 'Login codes are required, so auto-login links do not work; sign in with your password and code',
    });
    // No new link is handed out either.
    expect((await me('/login/gt', { ng: 1 })).body.errCode).toBe(ConsoleErr.AutoLoginNeedsCode);
    expect((await me('/login/s/set', settings({ sms: false }))).body.success).toBe(true);
  });
});
