import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type {
  TIssueBatchResult,
  TIssueRecord,
  TRequestBatchRead,
  TUploadResult,
} from '@edp/shared/contracts/com';
import { FileErr, PortalErr } from '@edp/shared/errors';
import { verifyCertificate } from '@edp/shared/licence/verify';
import { balanceRecords, companies } from '../../platform/db/schema/index.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { makeCompany, requestFile } from '../../test/portal-fixture.ts';

/**
 * Many requests at once (docs/portal.md, "Many devices at once"): the console's zip of request
 * files read whole, its certificates issued together and handed back as one zip named by device.
 */
describe('/api/com batch upload and issue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const en = { 'accept-language': 'en-US' };
  const b64 = (bytes: Uint8Array | string) =>
    Buffer.from(typeof bytes === 'string' ? strToU8(bytes) : bytes).toString('base64');
  const zipOf = (files: Record<string, string | Uint8Array>) =>
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]),
      ),
    );
  const uploadMany = (headers: object, files: { fileName: string; data: string }[]) =>
    call<TRequestBatchRead>(ctx.app, '/com/auth/devices', { files }, { ...headers, ...en });
  const issueMany = (headers: object, items: { requestId: string; months: number }[]) =>
    call<TIssueBatchResult>(ctx.app, '/com/issue/batch', { items }, { ...headers, ...en });
  const balanceOf = async (id: string) =>
    (await ctx.app.platform.db.select().from(companies).where(eq(companies.id, id)))[0]!.balance;

  it("reads the console's zip whole, issues it in one go and gives back one zip named by device", async () => {
    const c = await makeCompany(ctx, 30);
    const a = requestFile({ name: '财务-01', monthsAsked: 12 });
    const b = requestFile({ name: 'lab/02', monthsAsked: 6 });
    // Two devices of one name: their certificates must not overwrite each other.
    const d = requestFile({ name: '财务-01', monthsAsked: 1 });
    const archive = zipOf({
      'a-TDE-act-1.dat': a.base64,
      'b-TDE-act-2.dat': b.base64,
      'd-TDE-act-3.dat': d.base64,
    });
    const read = await uploadMany(c.headers, [{ fileName: 'requests.zip', data: b64(archive) }]);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({
      read: [
        expect.objectContaining({
          fileName: 'requests.zip/a-TDE-act-1.dat',
          deviceId: a.file.deviceId,
          name: '财务-01',
          renewal: false,
          cost: 12,
          alreadyIssued: false,
        }),
        expect.objectContaining({ name: 'lab/02', cost: 6 }),
        expect.objectContaining({ name: '财务-01', cost: 1 }),
      ],
      refused: [],
      cost: 19,
      balance: 30,
    });

    const items = read.body.data!.read.map((r) => ({
      requestId: r.requestId,
      months: r.monthsAsked,
    }));
    const issued = await issueMany(c.headers, items);
    expect(issued.status).toBe(200);
    const data = issued.body.data!;
    expect(data).toMatchObject({ cost: 19, balance: 11 });
    expect(data.fileName).toMatch(/^certificates-\d{4}-\d{2}-\d{2}-3\.zip$/);
    expect(data.issued.map((i) => [i.name, i.fileName, i.renewal, i.alreadyIssued])).toEqual([
      ['财务-01', '财务-01.lic', false, false],
      ['lab/02', 'lab_02.lic', false, false],
      ['财务-01', '财务-01-2.lic', false, false],
    ]);
    const files = unzipSync(Buffer.from(data.archive, 'base64'));
    expect(Object.keys(files).sort()).toEqual(['lab_02.lic', '财务-01-2.lic', '财务-01.lic']);
    const key = ctx.app.platform.vendorKeys.publicKeyPem;
    const checked = verifyCertificate(Buffer.from(files['财务-01.lic']!).toString(), key, {
      fingerprint: a.file.fingerprint,
      outstandingRequestIds: [a.file.requestId],
      installedSerial: 0,
    });
    expect(checked).toMatchObject({ ok: true, payload: { requestId: a.file.requestId } });
    // Each device paid its own months in the balance history, ending at the balance.
    const history = await ctx.app.platform.db
      .select()
      .from(balanceRecords)
      .where(eq(balanceRecords.companyId, c.id));
    expect(
      history
        .filter((h) => h.type === 'issue')
        .map((h) => [h.change, h.balanceAfter])
        .sort((x, y) => y[1]! - x[1]!),
    ).toEqual([
      [-12, 18],
      [-6, 12],
      [-1, 11],
    ]);
    expect(await balanceOf(c.id)).toBe(11);

    // The same again: the same certificates, nothing paid.
    const again = await issueMany(c.headers, items);
    expect(again.body.data).toMatchObject({ cost: 0, balance: 11 });
    expect(again.body.data!.issued.every((i) => i.alreadyIssued)).toBe(true);
    expect(again.body.data!.issued.map((i) => i.recordId)).toEqual(
      data.issued.map((i) => i.recordId),
    );
    expect(
      (await uploadMany(c.headers, [{ fileName: 'requests.zip', data: b64(archive) }])).body.data,
    ).toMatchObject({
      cost: 0,
      read: [{ alreadyIssued: true }, { alreadyIssued: true }, { alreadyIssued: true }],
    });
  });

  it('says which files it could not read and why, and reads the rest', async () => {
    const c = await makeCompany(ctx, 10);
    const good = requestFile({ name: 'web-01' });
    const twin = requestFile({ deviceId: good.file.deviceId, fingerprint: good.file.fingerprint });
    const loose = requestFile({ name: 'loose' });
    const archive = zipOf({
      'good.dat': good.base64,
      'same-again.dat': good.base64,
      'same-device.dat': twin.base64,
      'broken.dat': 'not a request',
      'readme.txt': 'hello',
      '../escape.dat': good.base64,
    });
    const res = await uploadMany(c.headers, [
      { fileName: 'batch.zip', data: b64(archive) },
      { fileName: 'loose.dat', data: b64(loose.base64) },
      { fileName: 'photo.png', data: b64('png') },
      { fileName: 'fake.zip', data: b64('not a zip at all') },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data!.read.map((r) => [r.fileName, r.name])).toEqual([
      ['batch.zip/good.dat', 'web-01'],
      ['loose.dat', 'loose'],
    ]);
    expect(res.body.data!.refused).toEqual([
      {
        fileName: 'batch.zip/readme.txt',
        code: FileErr.WrongFileType,
        message: 'Only .dat files are read',
      },
      {
        fileName: 'batch.zip/../escape.dat',
        code: FileErr.UnsafeName,
        message: 'Unsafe file name (an absolute path or “..”); not read',
      },
      {
        fileName: 'photo.png',
        code: FileErr.WrongFileType,
        message: 'Only .dat, .zip files are read',
      },
      {
        fileName: 'fake.zip',
        code: FileErr.ArchiveUnreadable,
        message: 'Not a readable zip archive, or a damaged one',
      },
      {
        fileName: 'batch.zip/same-again.dat',
        code: PortalErr.DuplicateRequest,
        message: 'A request for the same device as batch.zip/good.dat; not read',
      },
      {
        fileName: 'batch.zip/same-device.dat',
        code: PortalErr.DuplicateRequest,
        message: 'A request for the same device as batch.zip/good.dat; not read',
      },
      {
        fileName: 'batch.zip/broken.dat',
        code: PortalErr.NotARequest,
        message: 'Not a license request file made by a console, or a damaged one',
      },
    ]);
    // In zh-CN too.
    const zh = await call<TRequestBatchRead>(
      ctx.app,
      '/com/auth/devices',
      { files: [{ fileName: 'photo.png', data: b64('png') }] },
      { ...c.headers, 'accept-language': 'zh-CN' },
    );
    expect(zh.body.data!.refused).toEqual([
      { fileName: 'photo.png', code: FileErr.WrongFileType, message: '只读取 .dat, .zip 文件' },
    ]);
  });

  it('issues nothing when the balance does not cover every device, and says what is missing', async () => {
    const c = await makeCompany(ctx, 5);
    const files = [requestFile({ monthsAsked: 3 }), requestFile({ monthsAsked: 3 })];
    const read = await uploadMany(
      c.headers,
      files.map((f, i) => ({ fileName: `${i}.dat`, data: b64(f.base64) })),
    );
    expect(read.body.data).toMatchObject({ cost: 6, balance: 5 });
    const items = files.map((f) => ({ requestId: f.file.requestId, months: 3 }));
    const refused = await issueMany(c.headers, items);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      success: false,
      errCode: PortalErr.BatchBalanceLow,
      msg: 'Balance too low: the 2 devices need 6 months and the balance is 5 months; nothing was issued, please recharge first',
    });
    const zh = await call(ctx.app, '/com/issue/batch', { items }, c.headers);
    expect(zh.body.msg).toBe(
      '余额不足：这 2 台设备需要 6 个月，当前余额 5 个月；未签发任何证书，请先充值',
    );
    expect(await balanceOf(c.id)).toBe(5);
    expect(
      (await call<{ total: number }>(ctx.app, '/com/my/license', {}, c.headers)).body.data!.total,
    ).toBe(0);
    // An unknown request refuses the batch as a whole too.
    const unknown = await issueMany(c.headers, [{ requestId: 'ab'.repeat(16), months: 1 }]);
    expect(unknown.status).toBe(404);
  });

  it('refuses a zip bomb and an archive of too many files as a whole, and reads past neither', async () => {
    const c = await makeCompany(ctx, 1);
    // 300 entries of 60 KiB of zeros: 17.6 MiB unpacked (over 16) from a small upload.
    const zeros = new Uint8Array(60 * 1024);
    const bomb = zipOf(
      Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`${i}.dat`, zeros])),
    );
    expect(bomb.length).toBeLessThan(200_000);
    const many = zipOf(
      Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`${i}.dat`, 'x'])),
    );
    // One entry that claims more than a request can be.
    const big = zipOf({ 'big.dat': new Uint8Array(65 * 1024) });
    const res = await uploadMany(c.headers, [
      { fileName: 'bomb.zip', data: b64(bomb) },
      { fileName: 'many.zip', data: b64(many) },
      { fileName: 'big.zip', data: b64(big) },
    ]);
    expect(res.body.data).toEqual({
      read: [],
      refused: [
        {
          fileName: 'bomb.zip',
          code: FileErr.ArchiveTooLarge,
          message: 'Unpacked, the archive would exceed 16 MB; it was not read',
        },
        {
          fileName: 'many.zip',
          code: FileErr.ArchiveTooManyFiles,
          message: 'The archive holds more than 1000 files; it was not read',
        },
        {
          fileName: 'big.zip/big.dat',
          code: FileErr.FileTooLarge,
          message: 'The file is over 64 KB; not read',
        },
      ],
      cost: 0,
      balance: 1,
    });
    // Bad input is a localised refusal of the call, never a 5xx.
    for (const body of [{ files: [] }, { files: [{ fileName: 'a.dat', data: '!!' }] }, {}]) {
      const bad = await call(ctx.app, '/com/auth/devices', body, { ...c.headers, ...en });
      expect(bad.status).toBe(400);
      expect(bad.body.errCode).toBe(-10001);
    }
  });

  it('calls a request for a device that holds a licence code a renewal, in the upload and the records', async () => {
    const c = await makeCompany(ctx, 10);
    const first = requestFile({ name: 'db-01', monthsAsked: 1 });
    const upload = (base64: string) =>
      call<TUploadResult>(ctx.app, '/com/auth/device', { file: base64 }, c.headers);
    expect((await upload(first.base64)).body.data).toMatchObject({ name: 'db-01', renewal: false });
    const issued = await call<{ licenseId: string }>(
      ctx.app,
      '/com/issue',
      { requestId: first.file.requestId, months: 1 },
      c.headers,
    );
    expect((await upload(first.base64)).body.data).toMatchObject({
      alreadyIssued: true,
      renewal: false,
    });
    const second = requestFile({
      deviceId: first.file.deviceId,
      fingerprint: first.file.fingerprint,
      installedSerial: 1,
      name: 'db-01',
    });
    expect((await upload(second.base64)).body.data).toMatchObject({ renewal: true });
    const renewed = await issueMany(c.headers, [{ requestId: second.file.requestId, months: 2 }]);
    expect(renewed.body.data!.issued).toMatchObject([{ name: 'db-01', renewal: true, serial: 2 }]);
    expect((await upload(second.base64)).body.data).toMatchObject({
      alreadyIssued: true,
      renewal: true,
    });
    const records = await call<{ list: TIssueRecord[] }>(
      ctx.app,
      '/com/my/license/record',
      { licenseId: issued.body.data!.licenseId },
      c.headers,
    );
    expect(records.body.data!.list.map((r) => [r.serial, r.renewal])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it('issues two requests of one device in one batch: the second renews what the first made', async () => {
    const c = await makeCompany(ctx, 10);
    const first = requestFile({ name: 'app-01', monthsAsked: 1 });
    const second = requestFile({
      deviceId: first.file.deviceId,
      fingerprint: first.file.fingerprint,
      name: 'app-01',
      monthsAsked: 2,
    });
    // Read apart (one upload reads one request per device), issued together.
    for (const f of [first, second])
      await uploadMany(c.headers, [{ fileName: 'r.dat', data: b64(f.base64) }]);
    const res = await issueMany(c.headers, [
      { requestId: first.file.requestId, months: 1 },
      { requestId: second.file.requestId, months: 2 },
    ]);
    expect(res.body.data).toMatchObject({ cost: 3, balance: 7 });
    const [a, b] = res.body.data!.issued;
    expect([a!.serial, a!.renewal, a!.fileName]).toEqual([1, false, 'app-01.lic']);
    expect([b!.serial, b!.renewal, b!.fileName]).toEqual([2, true, 'app-01-2.lic']);
    expect(b!.licenseCode).toBe(a!.licenseCode);
    const months = (from: string, to: string) =>
      Math.round((Date.parse(to) - Date.parse(from)) / (30.44 * 86_400_000));
    expect(months(a!.expiresAt, b!.expiresAt)).toBe(2);
  });
});
