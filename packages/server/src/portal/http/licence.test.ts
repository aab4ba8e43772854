import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TIssueResult, TUploadResult } from '@edp/shared/contracts/com';
import { companies } from '../../platform/db/schema/index.ts';
import { verifyCertificate, verifyElevation } from '../licence/licence-file.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { makeCompany, requestFile } from '../../test/portal-fixture.ts';

const MONTH_MS = 28 * 86_400_000;

describe('/api/com licence requests, certificates, elevation and download', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const upload = (headers: object, file: string) =>
    call<TUploadResult>(ctx.app, '/com/auth/device', { file }, headers as Record<string, string>);
  const issue = (headers: object, requestId: string, months: number) =>
    call<TIssueResult>(
      ctx.app,
      '/com/issue',
      { requestId, months },
      headers as Record<string, string>,
    );
  const download = (id: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/com/dw/${id}`, headers });
  const balanceOf = async (id: string) =>
    (await ctx.app.platform.db.select().from(companies).where(eq(companies.id, id)))[0]!.balance;

  it('lists a new licence and a renewal at once, though list pages are cached', async () => {
    const c = await makeCompany(ctx, 10);
    type Page = { total: number; list: { id: string; expiresAt: string }[] };
    const myLicences = async () =>
      (await call<Page>(ctx.app, '/com/my/license', {}, c.headers)).body.data!;
    const issueFile = async (base64: string, months: number) =>
      (await issue(c.headers, (await upload(c.headers, base64)).body.data!.requestId, months)).body
        .data!;
    expect((await myLicences()).total).toBe(0);
    const { file, base64 } = requestFile();
    const first = await issueFile(base64, 1);
    const once = await myLicences();
    expect(once.total).toBe(1);
    expect(once.list[0]).toMatchObject({ id: first.licenseId, expiresAt: first.expiresAt });
    const renewal = requestFile({
      deviceId: file.deviceId,
      fingerprint: file.fingerprint,
      installedSerial: 1,
    });
    const renewed = await issueFile(renewal.base64, 2);
    const twice = await myLicences();
    expect(twice.total).toBe(1);
    expect(twice.list[0]!.expiresAt).toBe(renewed.expiresAt);
    expect(renewed.expiresAt > first.expiresAt).toBe(true);
  });

  it('parses an upload, costs months × 1, and answers the same for a repeated upload', async () => {
    const c = await makeCompany(ctx, 7);
    const { file, base64 } = requestFile({ monthsAsked: 6, kind: 'DPI', name: 'db-01' });
    const first = await upload(c.headers, base64);
    expect(first.body.data).toEqual({
      requestId: file.requestId,
      deviceId: file.deviceId,
      name: 'db-01',
      renewal: false,
      kind: 'DPI',
      fingerprint: file.fingerprint,
      installedSerial: 0,
      monthsAsked: 6,
      cost: 6,
      balance: 7,
      alreadyIssued: false,
      recordId: null,
    });
    expect((await upload(c.headers, base64)).body.data).toEqual(first.body.data);
    const other = requestFile({ requestId: file.requestId });
    expect((await upload(c.headers, other.base64)).body.errCode).toBe(-10034);
  });

  it('answers "parse error" for anything that is not a request file', async () => {
    const c = await makeCompany(ctx);
    const bad = [
      'not base64 !!',
      Buffer.from('hello').toString('base64'),
      Buffer.from(JSON.stringify({ ...requestFile().file, kind: 'XYZ' })).toString('base64'),
      Buffer.from(JSON.stringify({ ...requestFile().file, requestId: 'short' })).toString('base64'),
    ];
    for (const file of bad) {
      const res = await call(
        ctx.app,
        '/com/auth/device',
        { file },
        { ...c.headers, 'accept-language': 'en-US' },
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, errCode: -10027, msg: 'Parse error' });
    }
    expect((await call(ctx.app, '/com/auth/device', {}, c.headers)).body.msg).toContain('file');
  });

  it('accepts uploads over 1 MiB but answers 413 above the 10 MiB upload limit', async () => {
    const c = await makeCompany(ctx);
    const big = Buffer.alloc(2 * 1024 * 1024, 32).toString('base64');
    expect((await upload(c.headers, big)).body.errCode).toBe(-10027);
    const huge = 'A'.repeat(15 * 1024 * 1024);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/com/auth/device',
      headers: { ...c.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ file: huge }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('signs a certificate that verifies with the published key, and deducts once', async () => {
    const c = await makeCompany(ctx, 12);
    const { file, base64 } = requestFile({ installedSerial: 4 });
    await upload(c.headers, base64);
    const res = await issue(c.headers, file.requestId, 12);
    expect(res.body.data).toMatchObject({ balance: 0, serial: 5, alreadyIssued: false });
    const again = await issue(c.headers, file.requestId, 12);
    expect(again.body.data).toEqual({ ...res.body.data, alreadyIssued: true });
    expect(await balanceOf(c.id)).toBe(0);
    expect((await upload(c.headers, base64)).body.data).toMatchObject({
      alreadyIssued: true,
      recordId: res.body.data!.recordId,
    });

    const ca = await call<{ publicKeyPem: string; kid: string }>(ctx.app, '/com/ca', {}, c.headers);
    expect(ca.body.data!.kid).toBe(ctx.app.platform.vendorKeys.kid);
    const dw = await download(res.body.data!.recordId, c.headers);
    expect(dw.statusCode).toBe(200);
    expect(dw.headers['content-disposition']).toBe(
      `attachment; filename="${file.deviceId}-TDE-5.lic"`,
    );
    const verified = verifyCertificate(dw.body, ca.body.data!.publicKeyPem, {
      fingerprint: file.fingerprint,
      outstandingRequestIds: [file.requestId],
      installedSerial: 4,
    });
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.payload).toMatchObject({ kind: 'TDE', serial: 5, maxDevices: 1 });
    expect(new Date(verified.payload.expiresAt).toISOString()).toBe(res.body.data!.expiresAt);
    expect(verified.payload.expiresAt - verified.payload.issuedAt).toBeGreaterThan(
      11 * 30 * 86_400_000,
    );
  });

  it('renews from the current expiry with a higher serial', async () => {
    const c = await makeCompany(ctx, 10);
    const first = requestFile();
    await upload(c.headers, first.base64);
    const a = (await issue(c.headers, first.file.requestId, 2)).body.data!;
    const second = requestFile({
      deviceId: first.file.deviceId,
      fingerprint: first.file.fingerprint,
      installedSerial: a.serial,
    });
    await upload(c.headers, second.base64);
    const b = (await issue(c.headers, second.file.requestId, 3)).body.data!;
    expect(b.licenseId).toBe(a.licenseId);
    expect(b.serial).toBe(a.serial + 1);
    const added = Date.parse(b.expiresAt) - Date.parse(a.expiresAt);
    expect(added).toBeGreaterThan(3 * MONTH_MS);
    expect(added).toBeLessThan(3 * 31 * 86_400_000 + 1);
    expect(b.balance).toBe(5);
    const records = await call<{ total: number }>(
      ctx.app,
      '/com/my/license/record',
      { licenseId: a.licenseId },
      c.headers,
    );
    expect(records.body.data!.total).toBe(2);
  });

  it('lets exactly 5 of 20 parallel issues through a balance of 5', async () => {
    const c = await makeCompany(ctx, 5);
    const files = Array.from({ length: 20 }, () => requestFile());
    for (const f of files) await upload(c.headers, f.base64);
    const results = await Promise.all(files.map((f) => issue(c.headers, f.file.requestId, 1)));
    expect(results.filter((r) => r.body.success)).toHaveLength(5);
    const refused = results.filter((r) => !r.body.success);
    expect(refused.every((r) => r.body.errCode === -10028 && r.status === 402)).toBe(true);
    expect(await balanceOf(c.id)).toBe(0);
  });

  it('deducts once when the same request is issued 5 times in parallel', async () => {
    const c = await makeCompany(ctx, 10);
    const f = requestFile();
    await upload(c.headers, f.base64);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => issue(c.headers, f.file.requestId, 3)),
    );
    expect(results.every((r) => r.body.success)).toBe(true);
    expect(new Set(results.map((r) => r.body.data!.recordId)).size).toBe(1);
    expect(await balanceOf(c.id)).toBe(7);
  });

  it('refuses an issue without balance, for an unknown request, or with bad months', async () => {
    const c = await makeCompany(ctx, 1);
    const f = requestFile();
    await upload(c.headers, f.base64);
    expect((await issue(c.headers, f.file.requestId, 2)).body.errCode).toBe(-10028);
    expect((await issue(c.headers, 'ab'.repeat(16), 1)).status).toBe(404);
    for (const months of [0, 121, 1.5]) {
      const res = await issue(c.headers, f.file.requestId, months);
      expect(res.body.errCode).toBe(-10001);
      expect(res.body.msg).toContain('months');
    }
    expect((await issue(c.headers, 'XYZ', 1)).body.msg).toContain('requestId');
    expect(await balanceOf(c.id)).toBe(1);
  });

  it('signs an elevation window for a licensed device only, never past its licence', async () => {
    const c = await makeCompany(ctx, 1);
    const f = requestFile();
    await upload(c.headers, f.base64);
    const ele = (body: object) =>
      call<{ recordId: string; validFrom: string; validUntil: string }>(
        ctx.app,
        '/com/ele',
        body,
        c.headers,
      );
    expect((await ele({ deviceId: f.file.deviceId, seconds: 60 })).body.errCode).toBe(-10033);
    expect((await ele({ deviceId: 'nope', seconds: 60 })).status).toBe(404);
    for (const seconds of [0, 30 * 86_400 + 1]) {
      expect((await ele({ deviceId: f.file.deviceId, seconds })).body.msg).toContain('seconds');
    }
    await issue(c.headers, f.file.requestId, 1);
    const res = await ele({ deviceId: f.file.deviceId, seconds: 3600 });
    const { recordId, validFrom, validUntil } = res.body.data!;
    expect(Date.parse(validUntil) - Date.parse(validFrom)).toBe(3_600_000);
    const dw = await download(recordId, c.headers);
    expect(dw.headers['content-disposition']).toMatch(/filename=".+\.ele"/);
    const checked = verifyElevation(dw.body, ctx.app.platform.vendorKeys.publicKeyPem, {
      deviceId: f.file.deviceId,
      fingerprint: f.file.fingerprint,
    });
    expect(checked).toMatchObject({ ok: true, payload: { elevationId: recordId } });
    const long = await ele({ deviceId: f.file.deviceId, seconds: 30 * 86_400 });
    expect(Date.parse(long.body.data!.validUntil)).toBeLessThanOrEqual(
      Date.now() + 31 * 86_400_000,
    );
    expect(await balanceOf(c.id)).toBe(0);
  });

  it("downloads only the owner's files, and only with the X-Token header", async () => {
    const a = await makeCompany(ctx, 1);
    const b = await makeCompany(ctx);
    const f = requestFile();
    await upload(a.headers, f.base64);
    const { recordId } = (await issue(a.headers, f.file.requestId, 1)).body.data!;
    const other = await download(recordId, b.headers);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, errCode: -10004 });
    expect((await download(recordId)).statusCode).toBe(401);
    expect((await download('not-a-uuid', a.headers)).statusCode).toBe(404);
    // Another company cannot issue, see or elevate with this company's request or device.
    expect((await issue(b.headers, f.file.requestId, 1)).status).toBe(404);
    const ele = await call(
      ctx.app,
      '/com/ele',
      { deviceId: f.file.deviceId, seconds: 60 },
      b.headers,
    );
    expect(ele.status).toBe(404);
  });

  // How fast one issue answers is measured by `npm run bench` (bench/api.mjs, against its budget).
  it('issues 41 certificates in a row from one balance', async () => {
    const c = await makeCompany(ctx, 1000);
    const files = Array.from({ length: 41 }, () => requestFile());
    for (const f of files) await upload(c.headers, f.base64);
    for (const f of files) {
      const res = await issue(c.headers, f.file.requestId, 1);
      expect(res.body.success).toBe(true);
    }
    expect(await balanceOf(c.id)).toBe(1000 - 41);
  });
});
