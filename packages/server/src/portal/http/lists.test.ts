import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TList } from '@edp/shared/contracts/common';
import type { TEngineItem, TIssueRecord, TLicenceItem } from '@edp/shared/contracts/com';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { makeCompany, requestFile } from '../../test/portal-fixture.ts';

type Company = Awaited<ReturnType<typeof makeCompany>>;

describe('/api/com lists: licences, engines, records, balance', () => {
  let ctx: TestContext;
  let a: Company;
  let b: Company;
  const devices: Record<string, { deviceId: string; requestId: string; licenseId?: string }> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    a = await makeCompany(ctx, 100);
    b = await makeCompany(ctx, 100);
    // a: TDE licensed 12 months, DI licensed then expired, PWE expiring, DPI unlicensed.
    for (const [key, kind, months] of [
      ['tde', 'TDE', 12],
      ['di', 'DI', 1],
      ['pwe', 'PWE', 1],
      ['dpi', 'DPI', 0],
    ] as const) {
      const f = requestFile({ kind, name: `${key}-host_1`, deviceId: `dev-${key}` });
      await call(ctx.app, '/com/auth/device', { file: f.base64 }, a.headers);
      devices[key] = { deviceId: f.file.deviceId, requestId: f.file.requestId };
      if (months) {
        const res = await call<{ licenseId: string }>(
          ctx.app,
          '/com/issue',
          { requestId: f.file.requestId, months },
          a.headers,
        );
        devices[key]!.licenseId = res.body.data!.licenseId;
      }
    }
    await ctx.app.platform.db.execute(
      sql`update licences set expires_at = now() - interval '1 day' where id = ${devices.di!.licenseId}`,
    );
    // A month is 28 to 31 days, and "expiring" is under 30 days left: a month's licence issued
    // on 1 December is still "normal". PWE's is set 10 days from now, whatever the date.
    await ctx.app.platform.db.execute(
      sql`update licences set expires_at = now() + interval '10 days' where id = ${devices.pwe!.licenseId}`,
    );
  });
  afterAll(() => ctx.close());

  const list = <T>(url: string, body: object, who: Company = a) =>
    call<TList<T> & { counts?: Record<string, number>; balance?: number }>(
      ctx.app,
      url,
      body,
      who.headers,
    );

  it('lists licences with status and remaining days, filtered by status', async () => {
    const all = await list<TLicenceItem>('/com/my/license', {});
    expect(all.body.data!.total).toBe(3);
    const byDevice = Object.fromEntries(all.body.data!.list.map((l) => [l.deviceId, l]));
    expect(byDevice['dev-tde']).toMatchObject({ status: 'normal', deviceCount: 1, maxDevices: 1 });
    expect(byDevice['dev-tde']!.remainingDays).toBeGreaterThan(360);
    expect(byDevice['dev-pwe']).toMatchObject({ status: 'expiring', kind: 'PWE' });
    expect(byDevice['dev-di']).toMatchObject({ status: 'expired', remainingDays: 0 });
    for (const status of ['normal', 'expiring', 'expired'] as const) {
      const res = await list<TLicenceItem>('/com/my/license', { status });
      expect(res.body.data!.list.map((l) => l.status)).toEqual([status]);
    }
    // Each row names its newest certificate, so the page can offer it again.
    const certificate = byDevice['dev-tde']!.certificateId!;
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/com/dw/${certificate}`,
      headers: a.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('EDP LICENSE');
    const bad = await list('/com/my/license', { status: 'soon' });
    expect(bad.body.msg).toContain('status');
    expect((await list('/com/my/license', { pageSize: 15 })).body.msg).toContain('pageSize');
    expect((await list('/com/my/license', {}, b)).body.data!.total).toBe(0);
  });

  it('gives sub-licences and renewal records of a licence; another company gets 404', async () => {
    const licenseId = devices.tde!.licenseId!;
    const sub = await call<{ list: { deviceId: string; name: string }[] }>(
      ctx.app,
      '/com/my/license/sub',
      { licenseId },
      a.headers,
    );
    expect(sub.body.data!.list).toEqual([
      expect.objectContaining({ deviceId: 'dev-tde', name: 'tde-host_1', serial: 1 }),
    ]);
    const records = await list<TIssueRecord>('/com/my/license/record', { licenseId });
    expect(records.body.data!.list).toEqual([
      expect.objectContaining({ type: 'licence', months: 12, cost: 12, deviceId: 'dev-tde' }),
    ]);
    for (const url of ['/com/my/license/sub', '/com/my/license/record']) {
      expect((await list(url, { licenseId }, b)).status).toBe(404);
      expect((await list(url, { licenseId: 'nope' })).body.msg).toContain('licenseId');
    }
  });

  it('lists engines with type, counts, and kind/type/keyword filters', async () => {
    const res = await list<TEngineItem>('/com/my/device', {});
    expect(res.body.data!.total).toBe(4);
    expect(res.body.data!.counts).toEqual({
      '-1': 1,
      '0': 1,
      '1': 0,
      '2': 0,
      '3': 1,
      '4': 0,
      '5': 1,
    });
    const byDevice = Object.fromEntries(res.body.data!.list.map((e) => [e.deviceId, e]));
    expect(byDevice['dev-dpi']).toMatchObject({
      type: -1,
      licenceStatus: 'unlicensed',
      expiresAt: null,
    });
    expect(byDevice['dev-di']).toMatchObject({ type: 5, licenceStatus: 'expired' });
    expect(byDevice['dev-pwe']).toMatchObject({ type: 3, licenceStatus: 'expiring' });
    const ids = async (body: object) =>
      (await list<TEngineItem>('/com/my/device', body)).body.data!.list.map((e) => e.deviceId);
    expect(await ids({ kind: 'TDE' })).toEqual(['dev-tde']);
    expect(await ids({ type: 5 })).toEqual(['dev-di']);
    expect(await ids({ keyword: 'PWE-HOST' })).toEqual(['dev-pwe']);
    expect(await ids({ keyword: 'host_1' })).toHaveLength(4);
    expect(await ids({ keyword: 'host%1' })).toEqual([]);
    expect((await list('/com/my/device', { type: 6 })).body.msg).toContain('type');
    expect((await list('/com/my/device', {}, b)).body.data!.total).toBe(0);
  });

  it('shows a device with its engines and records; another company gets 404', async () => {
    const info = await call<{ engines: TEngineItem[]; records: TIssueRecord[] }>(
      ctx.app,
      '/com/dv/info',
      { deviceId: 'dev-tde' },
      a.headers,
    );
    expect(info.body.data).toMatchObject({ deviceId: 'dev-tde', name: 'tde-host_1' });
    expect(info.body.data!.engines).toHaveLength(1);
    expect(info.body.data!.records).toHaveLength(1);
    const recs = await list<TIssueRecord>('/com/device/issue/record', { deviceId: 'dev-tde' });
    expect(recs.body.data!.total).toBe(1);
    for (const url of ['/com/dv/info', '/com/device/issue/record']) {
      expect((await list(url, { deviceId: 'dev-tde' }, b)).status).toBe(404);
      expect((await list(url, { deviceId: '' })).body.msg).toContain('deviceId');
    }
  });

  it('lists all issue records, by type, paged', async () => {
    await call(ctx.app, '/com/ele', { deviceId: 'dev-tde', seconds: 60 }, a.headers);
    const all = await list<TIssueRecord>('/com/all/issue/record', { pageSize: 10 });
    expect(all.body.data!.total).toBe(4);
    expect(all.body.data!.list[0]!.type).toBe('elevation');
    const ele = await list<TIssueRecord>('/com/all/issue/record', { type: 'elevation' });
    expect(ele.body.data!.total).toBe(1);
    const page2 = await list<TIssueRecord>('/com/all/issue/record', { page: 2, pageSize: 10 });
    expect(page2.body.data).toMatchObject({ list: [], total: 4, page: 2 });
    expect((await list('/com/all/issue/record', {}, b)).body.data!.total).toBe(0);
  });

  it('redeems a recharge code exactly once, also under parallel redemption', async () => {
    const vendor = ctx.app.services.vendor;
    const actor = { adminId: randomUUID(), ip: '127.0.0.1' };
    const { id } = await vendor.savePackage(actor, { name: 'Six months', months: 6 });
    const { codes } = await vendor.makeCodes(actor, id, 3);
    expect(codes[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const c = await makeCompany(ctx, 0);
    const redeem = (code: string, who: Company = c) =>
      call<{ balance: number; months: number }>(ctx.app, '/com/recharge', { code }, who.headers);
    const first = await redeem(codes[0]!.toLowerCase().replace(/-/g, ' '));
    expect(first.body.data).toEqual({ balance: 6, months: 6 });
    expect((await redeem(codes[0]!)).body.errCode).toBe(-10029);
    expect((await redeem(codes[0]!, b)).body.errCode).toBe(-10029);
    const both = await Promise.all([redeem(codes[1]!), redeem(codes[1]!, b)]);
    expect(both.filter((r) => r.body.success)).toHaveLength(1);
    expect((await redeem('XXXX-XXXX')).body.errCode).toBe(-10029);
    expect((await redeem('')).body.msg).toContain('code');

    const history = await list<{ type: string; change: number; packageName: string }>(
      '/com/my/balance',
      {},
      c,
    );
    expect(history.body.data!.balance).toBeGreaterThanOrEqual(6);
    expect(history.body.data!.list[0]).toMatchObject({
      type: 'recharge',
      packageName: 'Six months',
    });
  });

  it('shows balance history with what each deduction paid for', async () => {
    const res = await list<{ type: string; change: number; deviceId: string; licenseCode: string }>(
      '/com/my/balance',
      { pageSize: 50 },
    );
    expect(res.body.data!.balance).toBe(100 - 12 - 1 - 1);
    expect(res.body.data!.list).toHaveLength(3);
    expect(res.body.data!.list).toContainEqual(
      expect.objectContaining({ type: 'issue', change: -12, deviceId: 'dev-tde' }),
    );
    expect(res.body.data!.list.every((r) => r.licenseCode.startsWith('EDP-'))).toBe(true);
  });

  it('answers -10002 for every signed-in call without a session', async () => {
    const urls = [
      '/com/my/license',
      '/com/my/device',
      '/com/my/balance',
      '/com/all/issue/record',
      '/com/ca',
      '/com/my/info',
    ];
    for (const url of urls) {
      const res = await call(ctx.app, url, {});
      expect(res.status).toBe(401);
      expect(res.body.errCode).toBe(-10002);
    }
  });

  // How fast these answer is measured by `npm run bench` (bench/api.mjs, against its budget).
  it('pages My license and My engine right with 10,000 licences in one company', async () => {
    const big = await makeCompany(ctx);
    await ctx.app.platform.db.execute(sql`
      insert into engines (company_id, device_id, kind, fingerprint)
      select ${big.id}, 'bulk-' || g, 'TDE', 'fp-bulk-' || g from generate_series(1, 10000) g`);
    await ctx.app.platform.db.execute(sql`
      insert into licences (company_id, engine_id, code, serial, issued_at, expires_at)
      select company_id, id, 'BULK-' || device_id, 1, now(),
             now() + ((hashtext(device_id) % 400) - 60) * interval '1 day'
      from engines where company_id = ${big.id}`);
    await ctx.app.platform.db.execute(sql`analyze`);
    const first = await list<TLicenceItem>('/com/my/license', {}, big);
    expect(first.body.data!.total).toBe(10_000);
    const expiring = await list<TLicenceItem>(
      '/com/my/license',
      { status: 'expiring', pageSize: 50 },
      big,
    );
    expect(expiring.body.data!.list.length).toBeGreaterThan(0);
    expect(expiring.body.data!.list.every((l) => l.status === 'expiring')).toBe(true);
    const deep = await list<TLicenceItem>('/com/my/license', { page: 150, pageSize: 50 }, big);
    expect(deep.body.data!.list).toHaveLength(50);
    const engines = await list<TEngineItem>('/com/my/device', { pageSize: 50 }, big);
    expect(engines.body.data!.total).toBe(10_000);
    expect(engines.body.data!.list).toHaveLength(50);
  });
});
