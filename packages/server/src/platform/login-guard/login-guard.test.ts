import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      addressBlocked: false,
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

  it('blocks an address after about 100 failures an hour, across accounts', async () => {
    const guard = loginGuard(ctx.app.platform.db);
    for (let i = 0; i < 100; i++) await guard.recordFailure('company', `u${i}@x.cn`, '10.9.9.9');
    const state = await guard.state('company', 'fresh@x.cn', '10.9.9.9');
    expect(state).toEqual({
      accountFailures: 0,
      locked: false,
      captchaRequired: false,
      addressBlocked: true,
    });
  });

  it('clears the account count on success', async () => {
    const guard = loginGuard(ctx.app.platform.db);
    for (let i = 0; i < 6; i++) await guard.recordFailure('company', 'b@x.cn', '10.0.0.3');
    await guard.recordSuccess('company', 'b@x.cn');
    expect((await guard.state('company', 'b@x.cn', '10.0.0.3')).captchaRequired).toBe(false);
  });
});
