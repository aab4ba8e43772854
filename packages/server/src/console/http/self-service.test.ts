import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import {
  as,
  NEW_PASSWORD,
  PASSWORD,
  pwd,
  setupTenant,
  signIn,
} from '../../test/console-fixture.ts';

const host = 'acme.example';

describe('/api/user/update/my-{pwd,phone}: the current password under the login limits', () => {
  let ctx: TestContext;
  let admin: ReturnType<typeof as>;

  beforeAll(async () => {
    ctx = await createTestApp();
    await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const saved = await admin('/login/s/set', {
      picCodeTag: false,
      pwdMatch: { list: ['upper', 'lower', 'number'], range: [8, 20] },
      expireDays: 0,
      lockCount: 3,
      sms: false,
      mailCode: false,
    });
    expect(saved.body.success).toBe(true);
  });
  afterAll(() => ctx.close());

  it('locks the account after the tenant’s lockout count of wrong current passwords', async () => {
    // 'keys' had a password chosen at setup: signIn changes it to NEW_PASSWORD.
    const token = await signIn(ctx.app, host, 'keys');
    const me = as(ctx.app, host, token);
    const wrong = pwd('Wrong#Pass9');
    const tries = [
      await me('/user/update/my-pwd', { oldPassword: wrong, newPassword: pwd('Third#Pass3') }),
      await me('/user/update/my-phone', { password: wrong, phone: '13800138000' }),
      await me('/user/update/my-pwd', { oldPassword: wrong, newPassword: pwd('Third#Pass3') }),
    ];
    expect(tries.map((t) => t.body.errCode)).toEqual(Array(3).fill(PortalErr.OldPasswordWrong));

    // The right password is no longer tried: the caller cannot tell right from wrong now.
    const right = { oldPassword: pwd(NEW_PASSWORD), newPassword: pwd('Third#Pass3') };
    const locked = await call(ctx.app, '/user/update/my-pwd', right, {
      host,
      'x-token': token,
      'accept-language': 'en-US',
    });
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({
      success: false,
      errCode: PortalErr.PasswordLocked,
      msg: 'Too many wrong passwords; the account is locked for 15 minutes',
    });
    const lockedZh = await me('/user/update/my-phone', {
      password: pwd(NEW_PASSWORD),
      phone: '13800138000',
    });
    expect(lockedZh.status).toBe(423);
    expect(lockedZh.body.msg).toBe('密码错误次数过多，账号已锁定 15 分钟');

    // The same count as failed logins: signing in with the right password is refused too.
    const login = await call(
      ctx.app,
      '/login/n/login',
      { account: 'keys', password: pwd(NEW_PASSWORD) },
      { host },
    );
    expect(login.body.errCode).toBe(PortalErr.AccountLocked);
    // The session itself is kept, as a login lock keeps the sessions there are.
    expect((await me('/user/my/info')).body.success).toBe(true);
  });

  it('counts failed logins and wrong current passwords together', async () => {
    const token = await signIn(ctx.app, host, 'operator');
    const me = as(ctx.app, host, token);
    const wrongLogin = { account: 'operator', password: pwd('Wrong#Pass9') };
    await call(ctx.app, '/login/n/login', wrongLogin, { host });
    await call(ctx.app, '/login/n/login', wrongLogin, { host });
    const wrong = await me('/user/update/my-phone', {
      password: pwd('Wrong#Pass9'),
      phone: '13800138000',
    });
    expect(wrong.body.errCode).toBe(PortalErr.OldPasswordWrong);
    const right = await me('/user/update/my-pwd', {
      oldPassword: pwd(NEW_PASSWORD),
      newPassword: pwd('Third#Pass3'),
    });
    expect(right.body.errCode).toBe(PortalErr.PasswordLocked);
  });

  it('refuses a new password equal to the current one, saying so', async () => {
    const same = await admin('/user/update/my-pwd', {
      oldPassword: pwd(PASSWORD),
      newPassword: pwd(PASSWORD),
    });
    expect(same.body).toMatchObject({ errCode: PortalErr.PasswordSame });
    expect(same.body.msg).toBe('新密码不能与当前密码相同');
  });

  it('clears the count with a right current password, as a login does', async () => {
    const me = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    const wrong = { password: pwd('Wrong#Pass9'), phone: '13800138000' };
    await me('/user/update/my-phone', wrong);
    await me('/user/update/my-phone', wrong);
    const ok = await me('/user/update/my-phone', {
      password: pwd(NEW_PASSWORD),
      phone: '13800138000',
    });
    expect(ok.body.success).toBe(true);
    await me('/user/update/my-phone', wrong);
    await me('/user/update/my-phone', wrong);
    const again = await me('/user/update/my-pwd', {
      oldPassword: pwd(NEW_PASSWORD),
      newPassword: pwd('Third#Pass3'),
    });
    expect(again.body.success).toBe(true);
  });
});
