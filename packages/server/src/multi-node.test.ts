import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TList } from '@edp/shared/contracts/common';
import type { TLicenceItem } from '@edp/shared/contracts/com';
import {
  call,
  createPeerApp,
  createTestApp,
  testRedisUrl,
  type TestContext,
} from './test/harness.ts';
import { makeCompany, requestFile } from './test/portal-fixture.ts';

/**
 * Two nodes on one database, with Redis: what one node changes, the other must not serve from
 * its cache (kept 5 s) — the eviction crosses over within a fraction of that.
 */
describe('two nodes behind one database', () => {
  let a: TestContext;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: testRedisUrl });
    b = await createPeerApp(a, { REDIS_URL: testRedisUrl });
    await Promise.all([a.app.cacheBus.ready, b.cacheBus.ready]);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });
  const soon = { timeout: 2_000, interval: 50 };

  it('refuses on one node a token logged out on the other', async () => {
    const company = await makeCompany(a);
    expect((await call(b, '/com/my/info', {}, company.headers)).status).toBe(200);
    expect((await call(a.app, '/com/n/loginout', {}, company.headers)).body.success).toBe(true);
    await vi.waitFor(async () => {
      const res = await call(b, '/com/my/info', {}, company.headers);
      expect(res.body.errCode).toBe(-10002);
    }, soon);
  });

  it('lists on one node a licence issued on the other', async () => {
    const company = await makeCompany(a, 12);
    const list = () => call<TList<TLicenceItem>>(b, '/com/my/license', {}, company.headers);
    expect((await list()).body.data!.total).toBe(0);
    const f = requestFile();
    await call(a.app, '/com/auth/device', { file: f.base64 }, company.headers);
    const issued = await call(
      a.app,
      '/com/issue',
      { requestId: f.file.requestId, months: 12 },
      company.headers,
    );
    expect(issued.body.success).toBe(true);
    await vi.waitFor(async () => expect((await list()).body.data!.total).toBe(1), soon);
  });
});
