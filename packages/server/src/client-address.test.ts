import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/harness.ts';
import { as, pwd, setupTenant, signIn } from './test/console-fixture.ts';

/**
 * The client address behind proxies (TRUST_PROXY): what the console's audit log records for a
 * failed sign-in, sent from `remoteAddress` with an X-Forwarded-For header. A client writes
 * the left-most entries itself; only what the trusted proxies appended may be believed.
 */
const host = 'acme.example';
const PROXY = '10.0.0.2';
const FORGED_AND_REAL = '6.6.6.6, 203.0.113.7';

/** A tenant, and its auditor signed in (from 127.0.0.1) to read the log. */
async function tenantApp(env: Record<string, string>) {
  const ctx = await createTestApp(env);
  await setupTenant(ctx.app, host);
  const auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
  return Object.assign(ctx, { auditor });
}
type TenantApp = Awaited<ReturnType<typeof tenantApp>>;

/** A failed sign-in of `account` from `remoteAddress`, forwarded as `forwardedFor`. */
async function failSignIn(
  ctx: TestContext,
  account: string,
  remoteAddress: string,
  forwardedFor: string,
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login/n/login',
    remoteAddress,
    headers: { host, 'x-forwarded-for': forwardedFor },
    payload: { account, password: pwd('Wrong#1234') },
  });
  expect(res.json()).toMatchObject({ success: false });
}

/** The address the audit log recorded for `account`'s failed sign-in. */
async function auditedAddress(ctx: TenantApp, account: string) {
  const log = await ctx.auditor<{ list: { account: string; action: string; ip: string }[] }>(
    '/owner/l/log',
    { pageSize: 50, result: 'failure' },
  );
  return log.body.data!.list.find((e) => e.account === account && e.action === '/login/n/login')
    ?.ip;
}

describe('TRUST_PROXY unset', () => {
  let ctx: TenantApp;
  beforeAll(async () => (ctx = await tenantApp({})));
  afterAll(() => ctx.close());

  it('records the socket address and ignores X-Forwarded-For', async () => {
    await failSignIn(ctx, 'operator', PROXY, FORGED_AND_REAL);
    expect(await auditedAddress(ctx, 'operator')).toBe(PROXY);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let ctx: TenantApp;
  beforeAll(async () => (ctx = await tenantApp({ TRUST_PROXY: '1' })));
  afterAll(() => ctx.close());

  it('takes the address the one proxy appended, not the one the client wrote', async () => {
    await failSignIn(ctx, 'operator', PROXY, FORGED_AND_REAL);
    expect(await auditedAddress(ctx, 'operator')).toBe('203.0.113.7');
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let ctx: TenantApp;
  beforeAll(async () => (ctx = await tenantApp({ TRUST_PROXY: '192.0.2.1, 10.0.0.0/8' })));
  afterAll(() => ctx.close());

  it('takes the address a listed proxy appended, through a chain of listed proxies', async () => {
    await failSignIn(ctx, 'operator', PROXY, `${FORGED_AND_REAL}, 10.9.8.7`);
    expect(await auditedAddress(ctx, 'operator')).toBe('203.0.113.7');
  });

  it('keeps the socket address of a request that does not come from a listed proxy', async () => {
    await failSignIn(ctx, 'keys', '198.51.100.9', FORGED_AND_REAL);
    expect(await auditedAddress(ctx, 'keys')).toBe('198.51.100.9');
  });
});
