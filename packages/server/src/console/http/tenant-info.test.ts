import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/db/schema/index.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';

describe('/api/owner/n/*', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('gives the server time and the signing key id, also on the vendor side', async () => {
    const before = Date.now();
    for (const url of ['/owner/n/ts', '/sa/n/sys']) {
      const res = await call<{ ts: number; unp: string }>(ctx.app, url);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.errCode).toBe(0);
      expect(res.body.data!.ts).toBeGreaterThanOrEqual(before);
      expect(res.body.data!.ts).toBeLessThanOrEqual(Date.now());
      expect(res.body.data!.unp).toBe(ctx.app.platform.vendorKeys.kid);
    }
  });

  it('answers default owner info for a host with no tenant', async () => {
    const res = await call(ctx.app, '/owner/n/domain', {}, { host: 'unknown.example:8080' });
    expect(res.body.data).toEqual({
      sysName: '',
      company: '',
      sms: false,
      loginSet: {
        picCodeTag: true,
        pwdMatch: { list: ['upper', 'lower', 'number'], range: [8, 20] },
      },
    });
  });

  it("answers the tenant's own owner info for its host, whatever the port", async () => {
    const loginSet = {
      picCodeTag: false,
      pwdMatch: { list: ['lower', 'number' as const], range: [10, 32] },
    };
    await ctx.app.platform.db.insert(tenants).values({
      domain: 'acme.example',
      sysName: 'ACME 防护平台',
      company: 'ACME Ltd',
      sms: true,
      loginSet: loginSet as never,
    });
    const res = await call(ctx.app, '/owner/n/domain', {}, { host: 'ACME.example:8443' });
    expect(res.body.data).toEqual({
      sysName: 'ACME 防护平台',
      company: 'ACME Ltd',
      sms: true,
      loginSet,
    });
  });

  it('drops unknown fields instead of failing', async () => {
    const res = await call(ctx.app, '/owner/n/ts', { surprise: 1 });
    expect(res.status).toBe(200);
  });
});
