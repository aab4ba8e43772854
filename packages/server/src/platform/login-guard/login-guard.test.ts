import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalErr } from '@edp/shared/errors';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { loginGuard } from './login-guard.ts';

describe('login guard', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('asks for a captcha after 5 failures and locks after 10, for 15 minutes', async () => {
    let clock = Date.now();
    const guard = loginGuard(ctx.app.platform.db, () => clock);
    for (let i = 0; i < 4; i++) await guard.recordFailure('company', 'a@x.cn', '10.0.0.1');
    expect(await guard.state('company', 'a@x.cn', '10.0.0.1')).toEqual({
      accountFailures: 4,
      locked: false,
      captchaRequired: false,
      waitSeconds: 0,
    });
    await guard.recordFailure('company', 'a@x.cn', '10.0.0.1');
    expect((await guard.state('company', 'a@x.cn', '10.0.0.1')).captchaRequired).toBe(true);
    for (let i = 0; i < 5; i++) await guard.recordFailure('company', 'a@x.cn', '10.0.0.1');
    expect((await guard.state('company', 'a@x.cn', '10.0.0.1')).locked).toBe(true);
    // Another scope (a console tenant) is another account.
    expect((await guard.state('login:t1', 'a@x.cn', '10.0.0.2')).locked).toBe(false);
    clock += 15 * 60_000 + 1;
    expect((await guard.state('company', 'a@x.cn', '10.0.0.1')).locked).toBe(false);
  });

  it('asks every sign-in from an address with 20 failures on a screen for a captcha, and spaces its tries', async () => {
    let clock = Date.now();
    const guard = loginGuard(ctx.app.platform.db, () => clock);
    const from = '10.9.9.9';
    for (let i = 0; i < 19; i++) await guard.recordFailure('company', `u${i}@x.cn`, from);
    expect(await guard.state('company', 'fresh@x.cn', from)).toEqual({
      accountFailures: 0,
      locked: false,
      captchaRequired: false,
      waitSeconds: 0,
    });
    await guard.recordFailure('company', 'u19@x.cn', from);
    expect(await guard.state('company', 'fresh@x.cn', from)).toEqual({
      accountFailures: 0,
      locked: false,
      captchaRequired: true,
      waitSeconds: 1,
    });
    // Other screens, and other addresses, have seen nothing.
    for (const [scope, ip] of [
      ['vendor', from],
      ['login:t1', from],
      ['company', '10.9.9.10'],
    ] as const) {
      expect(await guard.state(scope, 'fresh@x.cn', ip), `${scope} ${ip}`).toMatchObject({
        captchaRequired: false,
        waitSeconds: 0,
      });
    }
    await expect(guard.admit('company', 'fresh@x.cn', from)).rejects.toMatchObject({
      code: PortalErr.LoginWait,
      params: { seconds: 1 },
      status: 429,
    });
    // The wait runs from the address's last failure: 1 s, doubling with each further one.
    clock += 1_000;
    expect(await guard.admit('company', 'fresh@x.cn', from)).toMatchObject({ waitSeconds: 0 });
    await guard.recordFailure('company', 'u20@x.cn', from);
    expect((await guard.state('company', 'fresh@x.cn', from)).waitSeconds).toBe(2);
    for (let i = 21; i < 40; i++) await guard.recordFailure('company', `u${i}@x.cn`, from);
    expect((await guard.state('company', 'fresh@x.cn', from)).waitSeconds).toBe(30);
    // A quarter of an hour later the address's failures are forgotten.
    clock += 15 * 60_000 + 1;
    expect(await guard.state('company', 'fresh@x.cn', from)).toMatchObject({
      captchaRequired: false,
      waitSeconds: 0,
    });
  });

  it('counts an IPv6 host by its /64, as the rate limit does', async () => {
    const guard = loginGuard(ctx.app.platform.db);
    for (let i = 0; i < 20; i++) {
      await guard.recordFailure('vendor', `v${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`);
    }
    expect((await guard.state('vendor', 'v99', '2001:db8:1:2:ffff::1')).captchaRequired).toBe(true);
    expect((await guard.state('vendor', 'v99', '2001:db8:1:3::1')).captchaRequired).toBe(false);
  });

  it('clears the account count on success', async () => {
    const guard = loginGuard(ctx.app.platform.db);
    for (let i = 0; i < 6; i++) await guard.recordFailure('company', 'b@x.cn', '10.0.0.3');
    await guard.recordSuccess('company', 'b@x.cn');
    expect((await guard.state('company', 'b@x.cn', '10.0.0.3')).captchaRequired).toBe(false);
  });
});
