import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, PortalErr } from '@edp/shared/errors';
import type { TCustomerDetail, TCustomerRow } from '@edp/shared/contracts/customers';
import { consoleGroups, devices, engines, licences, tenantKeys } from '../../platform/db/index.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, setupTenant, signIn } from '../../test/console-fixture.ts';
import { makeCompany } from '../../test/portal-fixture.ts';

const DAY = 86_400_000;
type Page = { list: TCustomerRow[]; total: number };

describe('/api/sa/coms*, /api/sa/com/* — the vendor’s customers', () => {
  let ctx: TestContext;
  let sa: ReturnType<typeof as>;
  let acme: string;
  let beta: string;
  const co: Record<'a' | 'b' | 'c' | 'd', { id: string; token: string }> = {} as never;

  /** A company with a name, balance and licences expiring at these offsets from now. */
  async function company(name: string, balance: number, expiries: number[]) {
    const c = await makeCompany(
      ctx,
      balance,
      `${name.toLowerCase().replace(/ /g, '')}@example.com`,
    );
    const db = ctx.app.platform.db;
    await db.execute(
      // The fixture names every company "Test Co"; the list sorts and searches by name.
      `update companies set company = '${name}', contact = '${name} contact' where id = '${c.id}'`,
    );
    for (const offset of expiries) {
      const [engine] = await db
        .insert(engines)
        .values({
          companyId: c.id,
          deviceId: `dev-${randomUUID()}`,
          kind: 'TDE',
          fingerprint: randomUUID(),
        })
        .returning();
      await db.insert(licences).values({
        companyId: c.id,
        engineId: engine!.id,
        code: randomUUID(),
        serial: 1,
        issuedAt: new Date(),
        expiresAt: new Date(Date.now() + offset),
      });
    }
    return c;
  }

  /** Devices of a tenant reporting kind and version (the engines' check-ins write these). */
  async function fleet(
    tenantId: string,
    list: { kind: 'TDE' | 'DI'; version: string; status?: 'running' | 'deprecated' }[],
  ) {
    const db = ctx.app.platform.db;
    const [group] = await db
      .insert(consoleGroups)
      .values({ tenantId, name: 'Servers', level: 1, path: '/servers/' })
      .returning();
    await db.insert(devices).values(
      list.map((d, i) => ({
        tenantId,
        groupId: group!.id,
        name: `host-${i}`,
        kind: d.kind,
        version: d.version,
        status: d.status ?? 'running',
      })),
    );
  }

  const ids = (page: Page) => page.list.map((r) => r.id);
  const list = async (body: object) => (await sa<Page>('/sa/coms', body)).body.data!;

  beforeAll(async () => {
    ctx = await createTestApp();
    const vendorToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    sa = as(ctx.app, 'vendor.example', vendorToken);
    acme = await setupTenant(ctx.app, 'acme.example');
    // Past the first tenant, the vendor sets tenants up.
    beta = await setupTenant(ctx.app, 'beta.example', {
      allDuties: false,
      headers: { 'x-token': vendorToken },
    });
    co.a = await company('Alpha Ltd', 5, []);
    co.b = await company('Bravo Ltd', 0, [10 * DAY, 400 * DAY]);
    co.c = await company('Charlie Ltd', 20, [-3 * DAY]);
    co.d = await company('Delta Ltd', 2, []);
    await fleet(acme, [
      { kind: 'TDE', version: '2.1.0' },
      { kind: 'TDE', version: '2.1.0' },
      { kind: 'DI', version: '2.10.0' },
      { kind: 'TDE', version: '9.9.9', status: 'deprecated' },
    ]);
    await fleet(beta, [{ kind: 'TDE', version: '1.0.0' }]);
    await ctx.app.platform.db.insert(tenantKeys).values({
      tenantId: acme,
      kekId: randomUUID(),
      kekWrapped: 'wrapped',
      kekCheck: 'check',
      initialisedAt: new Date(),
    });
  });
  afterAll(() => ctx.close());

  it('is for the super administrator only: a company or a tenant administrator is refused', async () => {
    const admin = as(ctx.app, 'acme.example', await signIn(ctx.app, 'acme.example', 'admin'));
    const company = as(ctx.app, 'portal.example', co.a.token);
    for (const caller of [admin, company]) {
      for (const [url, body] of [
        ['/sa/coms', {}],
        ['/sa/com/get', { id: co.a.id }],
        ['/sa/com/licences', { companyId: co.a.id }],
        ['/sa/com/balance', { companyId: co.a.id }],
        ['/sa/com/versions', {}],
      ] as const) {
        expect((await caller(url, body)).body.errCode, url).toBe(CommonErr.SessionExpired);
      }
    }
    const file = await ctx.app.inject({
      url: '/api/sa/coms/export',
      headers: { 'x-token': co.a.token },
    });
    expect(file.json().errCode).toBe(CommonErr.SessionExpired);
  });

  it('links a tenant to a customer, in both audit logs; an unknown customer is refused', async () => {
    const unknown = await sa('/sa/ows/edit', { id: acme, companyId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errCode).toBe(PortalErr.CustomerNotFound);

    expect((await sa('/sa/ows/edit', { id: acme, companyId: co.a.id })).body.success).toBe(true);
    expect((await sa('/sa/ows/edit', { id: beta, companyId: co.b.id })).body.success).toBe(true);
    const tenants = (
      await sa<{ list: { domain: string; customer: { id: string; company: string } | null }[] }>(
        '/sa/ows',
      )
    ).body.data!.list;
    expect(tenants.find((t) => t.domain === 'acme.example')!.customer).toEqual({
      id: co.a.id,
      company: 'Alpha Ltd',
    });

    const vendorLog = await sa<{ list: { action: string; detail: string }[] }>('/sa/audit', {
      tenantId: acme,
      action: '/sa/ows/edit',
    });
    expect(vendorLog.body.data!.list[0]!.detail).toContain(co.a.id);
    const auditor = as(ctx.app, 'acme.example', await signIn(ctx.app, 'acme.example', 'auditor'));
    const tenantLog = await auditor<{ list: { action: string }[] }>('/owner/l/log', {
      account: 'vendor',
    });
    expect(tenantLog.body.data!.list[0]).toMatchObject({ action: '/sa/ows/edit' });
  });

  it('lists customers with their tenants, keys, licences and engines', async () => {
    const all = await list({});
    expect(all.total).toBe(4);
    // Newest first by default.
    expect(all.list.map((r) => r.company)).toEqual([
      'Delta Ltd',
      'Charlie Ltd',
      'Bravo Ltd',
      'Alpha Ltd',
    ]);
    const a = all.list.find((r) => r.id === co.a.id)!;
    expect(a).toMatchObject({
      balance: 5,
      tenants: [{ id: acme, domain: 'acme.example' }],
      keyInitialised: true,
      // The deprecated engine is not counted.
      engineCount: 3,
      licenceCount: 0,
    });
    const b = all.list.find((r) => r.id === co.b.id)!;
    expect(b).toMatchObject({ keyInitialised: false, engineCount: 1, licenceCount: 2 });
    expect([b.expiringCount, b.expiredCount]).toEqual([1, 0]);
    const c = all.list.find((r) => r.id === co.c.id)!;
    expect([c.expiringCount, c.expiredCount, c.tenants]).toEqual([0, 1, []]);
  });

  it('filters by keys, licences, balance, version and a keyword that finds a domain', async () => {
    expect(ids(await list({ keys: 'initialised' }))).toEqual([co.a.id]);
    expect(ids(await list({ keys: 'none' }))).toEqual([co.d.id, co.c.id, co.b.id]);
    expect(ids(await list({ licences: 'expiring' }))).toEqual([co.b.id]);
    expect(ids(await list({ licences: 'expired' }))).toEqual([co.c.id]);
    expect(ids(await list({ balanceMin: 2, balanceMax: 5 }))).toEqual([co.d.id, co.a.id]);
    expect(ids(await list({ version: '2.10.0' }))).toEqual([co.a.id]);
    expect(ids(await list({ version: '1.0.0', keys: 'none' }))).toEqual([co.b.id]);
    // Only a deprecated engine reports it.
    expect((await list({ version: '9.9.9' })).total).toBe(0);
    expect(ids(await list({ keyword: 'BETA.example' }))).toEqual([co.b.id]);
    expect(ids(await list({ keyword: 'charlie ltd contact' }))).toEqual([co.c.id]);
    // A keyword is text, never a pattern.
    expect((await list({ keyword: '%' })).total).toBe(0);
  });

  it('sorts by name or balance either way, and pages', async () => {
    const byName = await list({ sort: 'company', order: 'asc' });
    expect(byName.list.map((r) => r.company)).toEqual([
      'Alpha Ltd',
      'Bravo Ltd',
      'Charlie Ltd',
      'Delta Ltd',
    ]);
    const byBalance = await list({ sort: 'balance', order: 'desc' });
    expect(byBalance.list.map((r) => r.balance)).toEqual([20, 5, 2, 0]);
    const second = await list({ sort: 'balance', order: 'asc', page: 2, pageSize: 10 });
    expect(second).toMatchObject({ total: 4, list: [] });
  });

  it('refuses a filter it cannot read, in the envelope', async () => {
    for (const body of [
      { balanceMin: 9, balanceMax: 1 },
      { sort: 'password' },
      { keys: 'maybe' },
      { balanceMin: -1 },
    ]) {
      const res = await sa('/sa/coms', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errCode).toBe(CommonErr.Invalid);
    }
    const bounds = await sa('/sa/coms', { balanceMin: 9, balanceMax: 1 });
    expect(bounds.body.msg).toMatch(/balanceMax/);
  });

  it('shows one customer: tenants, keys and engines by kind and version', async () => {
    const a = (await sa<TCustomerDetail>('/sa/com/get', { id: co.a.id })).body.data!;
    expect(a.tenants).toMatchObject([
      { id: acme, domain: 'acme.example', status: 'active', keyInitialised: true },
    ]);
    expect(a.engines).toEqual([
      { kind: 'TDE', version: '2.1.0', count: 2 },
      { kind: 'DI', version: '2.10.0', count: 1 },
    ]);
    const gone = await sa('/sa/com/get', { id: randomUUID() });
    expect([gone.status, gone.body.errCode]).toEqual([404, PortalErr.CustomerNotFound]);
  });

  it("reads a customer's licences and balance as its own pages show them", async () => {
    const lic = await sa<{ list: { status: string; remainingDays: number }[]; total: number }>(
      '/sa/com/licences',
      { companyId: co.b.id },
    );
    expect(lic.body.data!.list.map((l) => [l.status, l.remainingDays])).toEqual([
      ['expiring', 10],
      ['normal', 400],
    ]);
    const expiring = await sa<{ total: number }>('/sa/com/licences', {
      companyId: co.b.id,
      status: 'expiring',
    });
    expect(expiring.body.data!.total).toBe(1);
    const bal = await sa<{ balance: number; total: number }>('/sa/com/balance', {
      companyId: co.c.id,
    });
    expect(bal.body.data).toMatchObject({ balance: 20, total: 0 });
    const gone = await sa('/sa/com/balance', { companyId: randomUUID() });
    expect(gone.body.errCode).toBe(PortalErr.CustomerNotFound);
  });

  it('lists the versions running engines report, newest-looking first', async () => {
    const v = await sa<{ list: string[] }>('/sa/com/versions');
    // 9.9.9 is reported only by a deprecated engine.
    expect(v.body.data!.list).toEqual(['2.10.0', '2.1.0', '1.0.0']);
  });

  it('exports the list as filtered and sorted, as CSV in the reader’s language, and as XLSX', async () => {
    const headers = {
      'x-token': await ctx.app.platform.sessions.create({
        kind: 'vendor',
        subjectId: randomUUID(),
      }),
    };
    const csv = await ctx.app.inject({
      url: '/api/sa/coms/export?sort=company&order=asc&balanceMin=1&tz=Asia/Shanghai',
      headers: { ...headers, 'accept-language': 'en-US' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-.*\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Company,E-mail');
    expect(lines[0]).toContain('Registered (Asia/Shanghai)');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'Alpha Ltd',
      'Charlie Ltd',
      'Delta Ltd',
    ]);
    expect(lines[1]).toContain('acme.example,Yes,5');

    const zh = await ctx.app.inject({
      url: '/api/sa/coms/export?keys=initialised',
      headers: { ...headers, 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toContain('公司名称');
    expect(zh.body).toContain('Alpha Ltd');

    const xlsx = await ctx.app.inject({ url: '/api/sa/coms/export?format=xlsx', headers });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const bad = await ctx.app.inject({
      url: '/api/sa/coms/export?balanceMin=5&balanceMax=1',
      headers,
    });
    expect([bad.statusCode, bad.json().errCode]).toEqual([400, CommonErr.Invalid]);
  });
});
