import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TList } from '@edp/shared/contracts/common';
import type { TLicenceItem } from '@edp/shared/contracts/com';
import { randomBytes } from 'node:crypto';
import type { TAlertPage } from '@edp/shared/contracts/logs';
import { RULES_FRESH_MS } from './console/logs/log-ingest.ts';
import { as, setupTenant, signIn } from './test/console-fixture.ts';
import { SESSION_CACHE_MS } from './platform/sessions/index.ts';
import { LICENCE_PAGE_CACHE_MS } from './portal/licence/index.ts';
import {
  call,
  createPeerApp,
  createTestApp,
  testRedisUrl,
  type TestContext,
} from './test/harness.ts';
import { makeCompany, requestFile } from './test/portal-fixture.ts';

/**
 * A tenant on node `a` with one DPI engine: `dpiOn(node, path)` sends one file change through
 * that node and answers how many alerts the device then has; `keep(path)` sets on `a` a rule
 * that keeps changes of that path without an alert.
 */
async function logRulesFixture(a: FastifyInstance, host: string) {
  await setupTenant(a, host);
  const admin = as(a, host, await signIn(a, host, 'admin'));
  const op = as(a, host, await signIn(a, host, 'operator'));
  const group = (await admin<{ id: string }>('/user/group/add', { name: 'Lab' })).body.data!.id;
  const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
    .data!.secret;
  const made = await call<{ deviceId: string; token: string }>(a, '/agent/enrol', {
    secret,
    identity: {
      name: 'lab-01',
      ip: '10.9.0.1',
      systemType: 'Linux',
      version: '1.1.0',
      kind: 'DPI',
      fingerprint: randomBytes(32).toString('hex'),
    },
    state: { install: 'installed', detection: 'ok', activation: 'active', version: '1.1.0' },
  });
  const { deviceId, token } = made.body.data!;
  let seq = 0;
  return {
    async dpiOn(node: FastifyInstance, path: string) {
      seq++;
      const entry = { seq, at: new Date().toISOString(), kind: 'dpi', change: 'altered', path };
      const sent = await call(
        node,
        '/agent/logs',
        { stream: 's1', held: seq, entries: [{ ...entry, sha256: 'ab'.repeat(32) }] },
        { authorization: `Bearer ${token}` },
      );
      expect(sent.body).toMatchObject({ success: true });
      return (await op<TAlertPage>('/alert/m/list', { deviceId, pageSize: 50 })).body.data!.list
        .length;
    },
    async keep(path: string) {
      const set = await admin('/log/s/rules/set', {
        rules: [{ name: 'lab conf', kind: 'dpi', path, then: 'keep' }],
      });
      expect(set.body).toMatchObject({ success: true });
    },
  };
}

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
    await Promise.all([a.app.platform.bus.ready, b.platform.bus.ready]);
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

  it('filters logs on one node by the rules changed on the other', async () => {
    const logs = await logRulesFixture(a.app, 'rules-redis.example');
    expect(await logs.dpiOn(b, '/etc/lab/a.conf')).toBe(1); // no rules: an alert, rules held
    await logs.keep('/etc/lab/*.conf');
    await vi.waitFor(async () => {
      const before = await logs.dpiOn(a.app, '/etc/hosts'); // (moves the alerts on)
      expect(await logs.dpiOn(b, '/etc/lab/b.conf')).toBe(before);
    }, soon);
  });
});

/**
 * The same two nodes without Redis: buildApp then gives each node the local bus, which evicts
 * only its own copies. What one node changes, the other keeps answering from its cache until the
 * copy expires — the stale answers the Redis bus exists to prevent, so the tests above fail
 * without it. The caches' clock is moved by hand: Date is faked before the nodes are built (they
 * take `Date.now` then) and otherwise runs as usual.
 */
describe('two nodes behind one database, without Redis', () => {
  let a: TestContext;
  let b: FastifyInstance;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    a = await createTestApp();
    b = await createPeerApp(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    vi.useRealTimers();
  });
  // At least as long as the tests above wait for the other node to catch up (`soon`).
  const waitedWithRedis = 2_000;

  it('has no Redis on either node', () => {
    expect(a.app.platform.config.REDIS_URL).toBeUndefined();
    expect(b.platform.config.REDIS_URL).toBeUndefined();
  });

  it('accepts on one node, until its copy expires, a token logged out on the other', async () => {
    const company = await makeCompany(a);
    const info = (node: FastifyInstance) => call(node, '/com/my/info', {}, company.headers);
    expect((await info(b)).status).toBe(200);
    expect((await call(a.app, '/com/n/loginout', {}, company.headers)).body.success).toBe(true);
    expect((await info(a.app)).body.errCode).toBe(-10002);

    expect((await info(b)).status).toBe(200);
    vi.advanceTimersByTime(waitedWithRedis);
    expect((await info(b)).status).toBe(200);
    vi.advanceTimersByTime(SESSION_CACHE_MS - waitedWithRedis);
    expect((await info(b)).body.errCode).toBe(-10002);
  });

  it('does not list on one node, until its page expires, a licence issued on the other', async () => {
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
    const onA = await call<TList<TLicenceItem>>(a.app, '/com/my/license', {}, company.headers);
    expect(onA.body.data!.total).toBe(1);

    expect((await list()).body.data!.total).toBe(0);
    vi.advanceTimersByTime(waitedWithRedis);
    expect((await list()).body.data!.total).toBe(0);
    vi.advanceTimersByTime(LICENCE_PAGE_CACHE_MS - waitedWithRedis);
    expect((await list()).body.data!.total).toBe(1);
  });

  it('filters logs on one node by its old rules, until its copy expires', async () => {
    const logs = await logRulesFixture(a.app, 'rules-local.example');
    expect(await logs.dpiOn(b, '/etc/lab/a.conf')).toBe(1);
    await logs.keep('/etc/lab/*.conf');
    expect(await logs.dpiOn(a.app, '/etc/lab/b.conf')).toBe(1); // node a: kept, no alert
    expect(await logs.dpiOn(b, '/etc/lab/c.conf')).toBe(2); // node b: the old rules
    vi.advanceTimersByTime(RULES_FRESH_MS);
    expect(await logs.dpiOn(b, '/etc/lab/d.conf')).toBe(2);
  });
});
