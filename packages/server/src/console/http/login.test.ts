import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, ConsoleErr, PortalErr } from '@edp/shared/errors';
import { consoleAudit, consoleUsers, loginFailures } from '../../platform/db/schema/index.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import {
  as,
  loginCaptcha,
  NEW_PASSWORD,
  PASSWORD,
  pwd,
  setupTenant,
  signIn,
  userIdOf,
} from '../../test/console-fixture.ts';
import { solveCaptcha } from '../../test/portal-fixture.ts';

const host = 'acme.example';

describe('/api/login/*', () => {
  let ctx: TestContext;
  let tenantId: string;
  let admin: ReturnType<typeof as>;
  const login = (body: object, headers: Record<string, string> = {}) =>
    call<{ token: string; user: { account: string } }>(ctx.app, '/login/n/login', body, {
      host,
      ...headers,
    });
  const setSettings = (patch: object) =>
    admin('/login/s/set', {
      picCodeTag: false,
      pwdMatch: { list: ['upper', 'lower', 'number'], range: [8, 20] },
      expireDays: 0,
      lockCount: 10,
      sms: false,
      mailCode: false,
      ...patch,
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  });
  afterAll(() => ctx.close());

  it('answers a wrong password and an unknown account alike, and audits both', async () => {
    const wrong = await login({ account: 'admin', password: pwd('Nope#1234') });
    const unknown = await login({ account: 'ghost', password: pwd('Nope#1234') });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errCode).toBe(PortalErr.LoginFailed);
    const rows = await ctx.app.platform.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.tenantId, tenantId), eq(consoleAudit.action, '/login/n/login')));
    expect(rows.filter((r) => r.result === 'failure').map((r) => r.account)).toEqual(
      expect.arrayContaining(['admin', 'ghost']),
    );
    expect(rows.some((r) => r.result === 'success' && r.account === 'admin')).toBe(true);
  });

  it('asks for the captcha when the tenant turns it on, and checks it before the password', async () => {
    expect((await setSettings({ picCodeTag: true })).body.success).toBe(true);
    const without = await login({ account: 'admin', password: pwd(PASSWORD) });
    expect(without.body.errCode).toBe(PortalErr.CaptchaWrong);
    const img = await loginCaptcha(ctx.app);
    expect(img.response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(img.response.headers['cache-control']).toBe('no-store');
    const ok = await login(
      { account: 'admin', password: pwd(PASSWORD), captcha: img.answer },
      { cookie: img.cookie },
    );
    expect(ok.body.success).toBe(true);
    expect(ok.body.data!.user.account).toBe('admin');
    await setSettings({ picCodeTag: false });
  });

  it('refuses a captcha made for another login form as a wrong captcha', async () => {
    await setSettings({ picCodeTag: true });
    // The portal's captcha, answered right, sent in the console's cookie.
    const portal = await solveCaptcha(ctx, 'portal');
    const id = portal.cookie.split('=')[1]!;
    const res = await login(
      { account: 'admin', password: pwd(PASSWORD), captcha: portal.answer },
      { cookie: `edp_captcha_login=${id}` },
    );
    expect(res.status).toBe(400);
    expect(res.body.errCode).toBe(PortalErr.CaptchaWrong);
    await setSettings({ picCodeTag: false });
  });

  it('locks an account after the tenant’s lockout count, and asks for a captcha before', async () => {
    await setSettings({ lockCount: 6 });
    for (let i = 0; i < 5; i++)
      await login({ account: 'operator', password: pwd(`Wrong#${i}abc`) });
    const needCaptcha = await login({ account: 'operator', password: pwd(PASSWORD) });
    expect(needCaptcha.body.errCode).toBe(PortalErr.CaptchaRequired);
    const img = await loginCaptcha(ctx.app);
    await login(
      { account: 'operator', password: pwd('Wrong#xabc'), captcha: img.answer },
      { cookie: img.cookie },
    );
    const locked = await login({ account: 'operator', password: pwd(PASSWORD) });
    expect(locked.status).toBe(423);
    expect(locked.body.errCode).toBe(PortalErr.AccountLocked);
    await ctx.app.platform.db.delete(loginFailures).where(eq(loginFailures.account, 'operator'));
    await setSettings({ lockCount: 10 });
  });

  it('forces the change of an expired password, then signs in with the new one', async () => {
    await setSettings({ expireDays: 30 });
    const id = await userIdOf(ctx.app, tenantId, 'keys');
    await ctx.app.platform.db
      .update(consoleUsers)
      .set({ mustChangePassword: false, passwordChangedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(consoleUsers.id, id));
    const expired = await login({ account: 'keys', password: pwd(PASSWORD) });
    expect(expired.status).toBe(403);
    expect(expired.body.errCode).toBe(ConsoleErr.PasswordExpired);
    const bad = await call(
      ctx.app,
      '/login/n/reset/expire/pwd',
      { account: 'keys', oldPassword: pwd('Nope#1234'), newPassword: pwd(NEW_PASSWORD) },
      { host },
    );
    expect(bad.body.errCode).toBe(PortalErr.LoginFailed);
    const reset = await call(
      ctx.app,
      '/login/n/reset/expire/pwd',
      { account: 'keys', oldPassword: pwd(PASSWORD), newPassword: pwd(NEW_PASSWORD) },
      { host },
    );
    expect(reset.body).toMatchObject({ success: true, msg: '修改成功' });
    // The change is the sign-in: the password (and captcha) were just proven, no second login.
    const session = (reset.body.data as { login?: { token: string } } | undefined)?.login;
    expect(session?.token).toMatch(/\S{20,}/);
    const me = await call(ctx.app, '/user/my/info', {}, { host, 'x-token': session!.token });
    expect(me.body).toMatchObject({ success: true, data: { account: 'keys' } });
    expect((await login({ account: 'keys', password: pwd(NEW_PASSWORD) })).body.success).toBe(true);
    // Not expired any more: the unauthenticated change is refused.
    const again = await call(
      ctx.app,
      '/login/n/reset/expire/pwd',
      { account: 'keys', oldPassword: pwd(NEW_PASSWORD), newPassword: pwd('Third#Pass3') },
      { host },
    );
    expect(again.body.errCode).toBe(CommonErr.Forbidden);
    await setSettings({ expireDays: 0 });
  });

  it('needs an e-mailed code where the tenant enables it; a code works once', async () => {
    // Codes by e-mail need the administrator's e-mail first (mail-codes.test.ts).
    await admin('/user/edit', {
      id: await userIdOf(ctx.app, tenantId, 'admin'),
      email: 'admin@acme.example',
    });
    expect((await setSettings({ mailCode: true })).body.success).toBe(true);
    const info = await call(ctx.app, '/owner/n/domain', {}, { host });
    expect(info.body.data).toMatchObject({ loginSet: { mailCode: true } });
    const noMail = await login({ account: 'operator', password: pwd(PASSWORD) });
    expect(noMail.body.errCode).toBe(ConsoleErr.EmailNotBound);
    const noCode = await login({ account: 'admin', password: pwd(PASSWORD) });
    expect(noCode.body.errCode).toBe(ConsoleErr.CodeRequired);
    const en = { host, 'accept-language': 'en-US' };
    const sent = await call(ctx.app, '/login/n/send/code', { account: 'admin' }, en);
    expect(sent.body.success).toBe(true);
    const ghost = await call(ctx.app, '/login/n/send/code', { account: 'ghost' }, en);
    expect(ghost.body).toEqual(sent.body);
    const outbox = path.join(ctx.dataDir, 'outbox');
    const eml = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(eml).toHaveLength(1);
    const message = fs.readFileSync(path.join(outbox, eml[0]!), 'utf8');
    const code = /Your login code is (\d{6})/.exec(message)![1]!;
    const wrong = await login({
      account: 'admin',
      password: pwd(PASSWORD),
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.errCode).toBe(PortalErr.CodeWrong);
    expect((await login({ account: 'admin', password: pwd(PASSWORD), code })).body.success).toBe(
      true,
    );
    expect((await login({ account: 'admin', password: pwd(PASSWORD), code })).body.errCode).toBe(
      PortalErr.CodeWrong,
    );
    await setSettings({ mailCode: false });
  });

  it('sends SMS codes to the outbox; an account without a phone binds one before login', async () => {
    await setSettings({ sms: true });
    const unbound = await login({ account: 'keys', password: pwd(NEW_PASSWORD) });
    expect(unbound.body.errCode).toBe(ConsoleErr.PhoneNotBound);
    const bind = await call(
      ctx.app,
      '/user/n/bind/my-phone',
      { account: 'keys', password: pwd(NEW_PASSWORD), phone: '+8613800138000' },
      { host },
    );
    expect(bind.body.success).toBe(true);
    const rebind = await call(
      ctx.app,
      '/user/n/bind/my-phone',
      { account: 'keys', password: pwd(NEW_PASSWORD), phone: '13900139000' },
      { host },
    );
    expect(rebind.body.errCode).toBe(ConsoleErr.PhoneAlreadyBound);
    const badPhone = await call(
      ctx.app,
      '/user/n/bind/my-phone',
      { account: 'x', password: pwd('a'), phone: '12345' },
      { host },
    );
    expect(badPhone.body.errCode).toBe(CommonErr.Invalid);
    await call(ctx.app, '/login/n/send/code', { account: 'keys' }, { host });
    const outbox = path.join(ctx.dataDir, 'outbox');
    const sms = fs.readdirSync(outbox).filter((f) => f.startsWith('sms-'));
    expect(sms).toHaveLength(1);
    const text = fs.readFileSync(path.join(outbox, sms[0]!), 'utf8');
    expect(text).toMatch(/^To: \+8613800138000$/m);
    const code = /(\d{6})/.exec(text.split('\n\n')[1]!)![1]!;
    expect((await login({ account: 'keys', password: pwd(NEW_PASSWORD), code })).body.success).toBe(
      true,
    );
    await setSettings({ sms: false });
  });

  it('makes auto-login tokens with a key of their own, not one derived from the signing key', async () => {
    const token = (await admin<{ loginToken: string }>('/login/gt', { ng: 1 })).body.data!
      .loginToken;
    const [user] = await ctx.app.platform.db
      .select()
      .from(consoleUsers)
      .where(eq(consoleUsers.autoLoginHash, createHash('sha256').update(token).digest('hex')));
    const key = Buffer.from(
      fs.readFileSync(path.join(ctx.dataDir, 'keys', 'auto-login.key'), 'utf8'),
      'base64',
    );
    expect(key).toHaveLength(32);
    const expected = createHmac('sha256', key)
      .update(`${user!.id}/${user!.autoLoginNonce}`)
      .digest('base64url');
    expect(token).toBe(expected);
    const signingKeyDer = ctx.app.platform.vendorKeys.privateKey.export({
      type: 'pkcs8',
      format: 'der',
    });
    expect(signingKeyDer.includes(key)).toBe(false);
  });

  it('gives an auto-login token (ng 0 keeps it, ng 1 replaces it) that signs in', async () => {
    const first = await admin<{ loginToken: string }>('/login/gt', { ng: 0 });
    const same = await admin<{ loginToken: string }>('/login/gt', { ng: 0 });
    expect(same.body.data!.loginToken).toBe(first.body.data!.loginToken);
    const signed = await call<{ token: string }>(
      ctx.app,
      '/login/n/token/login',
      { loginToken: first.body.data!.loginToken },
      { host },
    );
    expect(signed.body.success).toBe(true);
    const renewed = await admin<{ loginToken: string }>('/login/gt', { ng: 1 });
    expect(renewed.body.data!.loginToken).not.toBe(first.body.data!.loginToken);
    const old = await call(
      ctx.app,
      '/login/n/token/login',
      { loginToken: first.body.data!.loginToken },
      { host },
    );
    expect(old.body.errCode).toBe(PortalErr.LoginFailed);
    const fresh = await call(
      ctx.app,
      '/login/n/token/login',
      { loginToken: renewed.body.data!.loginToken },
      { host },
    );
    expect(fresh.body.success).toBe(true);
  });

  it('reads and validates the login settings', async () => {
    const res = await admin('/login/s/get-set');
    expect(res.body.data).toEqual({
      picCodeTag: false,
      pwdMatch: { list: ['upper', 'lower', 'number'], range: [8, 20] },
      expireDays: 0,
      lockCount: 10,
      sms: false,
      mailCode: false,
    });
    const bad = await setSettings({ pwdMatch: { list: ['upper'], range: [12, 8] } });
    expect(bad.body.errCode).toBe(CommonErr.Invalid);
  });

  it('refuses a disabled user after the password only, and ends the session at logout', async () => {
    const token = await signIn(ctx.app, host, 'auditor');
    const me = as(ctx.app, host, token);
    expect((await me('/login/login/out')).body.success).toBe(true);
    expect((await me('/user/my/info')).body.errCode).toBe(CommonErr.SessionExpired);
    // The only auditor cannot be disabled (docs/product.md §5); a second one can.
    const auditorId = await userIdOf(ctx.app, tenantId, 'auditor');
    const only = await admin('/user/edit', { id: auditorId, status: 'disabled' });
    expect(only.body.errCode).toBe(ConsoleErr.UserIsOnlyOfRole);
    const [auditor] = await ctx.app.platform.db
      .select()
      .from(consoleUsers)
      .where(eq(consoleUsers.id, auditorId));
    const added = await admin<{ id: string }>('/user/add', {
      account: 'temp',
      name: 'Temp',
      password: pwd(PASSWORD),
      roleId: auditor!.roleId,
    });
    const tempToken = await signIn(ctx.app, host, 'temp');
    expect(
      (await admin('/user/edit', { id: added.body.data!.id, status: 'disabled' })).body.success,
    ).toBe(true);
    // Disabling ends the user's sessions.
    expect((await as(ctx.app, host, tempToken)('/user/my/info')).body.errCode).toBe(
      CommonErr.SessionExpired,
    );
    const wrong = await login({ account: 'temp', password: pwd('Nope#1234') });
    expect(wrong.body.errCode).toBe(PortalErr.LoginFailed);
    const disabled = await login({ account: 'temp', password: pwd(NEW_PASSWORD) });
    expect(disabled.body.errCode).toBe(ConsoleErr.UserDisabled);
  });
});
