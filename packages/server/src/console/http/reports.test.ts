import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReportPage, TReportSchedule } from '@edp/shared/contracts/reports';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { NEW_PASSWORD, as, setupTenant, signIn } from '../../test/console-fixture.ts';
import { REPORT_JOB, REPORT_QUEUE_MAX, type ReportPass } from '../reports/index.ts';

const Excel = createRequire(import.meta.url)('exceljs') as typeof ExcelJS;
const hostA = 'reports-a.example';
const hostB = 'reports-b.example';

/** The text of every page of a PDF, as a real extractor reads it (pdf.js). */
async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join('\n'));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** A workbook's sheets as rows of cell texts. */
async function sheetsOf(bytes: Buffer): Promise<Record<string, string[][]>> {
  const book = new Excel.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: Record<string, string[][]> = {};
  book.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    out[sheet.name] = rows;
  });
  return out;
}

type Caller = ReturnType<typeof as>;

/**
 * Report downloads (docs/reports.md): a report asked for is made in the background and read
 * back as PDF (its text, Chinese included, as an extractor reads it) and XLSX (its cells); the
 * schedule makes the last period's report once it has ended; another tenant sees none of it.
 */
describe('reports', () => {
  let ctx: TestContext;
  let now = Date.parse('2026-11-26T09:00:00Z'); // a Thursday
  const clock = () => now;
  const run = (): Promise<ReportPass> => ctx.app.services.reports.runNow();
  let auditorA: Caller;
  let adminA: Caller;
  let operatorA: Caller;
  let adminB: Caller;

  const signedIn = async (host: string, account: string): Promise<Caller> => {
    const token = await signIn(ctx.app, host, account).catch(() =>
      signIn(ctx.app, host, account, NEW_PASSWORD),
    );
    return as(ctx.app, host, token);
  };
  const tokenOf = async (host: string, account: string) =>
    signIn(ctx.app, host, account).catch(() => signIn(ctx.app, host, account, NEW_PASSWORD));
  const download = async (host: string, account: string, id: string, format: 'pdf' | 'xlsx') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/report/dw/${id}?format=${format}`,
      headers: { host, 'x-token': await tokenOf(host, account) },
    });

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, clock);
    await setupTenant(ctx.app, hostA);
    const vendor = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, hostB, { headers: { 'x-token': vendor } });
    adminA = await signedIn(hostA, 'admin');
    auditorA = await signedIn(hostA, 'auditor');
    operatorA = await signedIn(hostA, 'operator');
    adminB = await signedIn(hostB, 'admin');
    const group = (await adminA<{ id: string }>('/user/group/add', { name: '财务部' })).body.data!
      .id;
    const secret = (await operatorA<{ secret: string }>('/dv/m/secret/rotate', { groupId: group }))
      .body.data!.secret;
    for (const [i, name] of ['财务服务器-01', 'finance-02', 'finance-03'].entries()) {
      const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
        secret,
        identity: {
          name,
          ip: `10.9.0.${i + 2}`,
          systemType: 'Linux',
          version: '1.1.0',
          kind: 'DPI',
          fingerprint: randomBytes(32).toString('hex'),
        },
        state: {
          install: 'installed',
          detection: 'ok',
          activation: i === 0 ? 'active' : 'inactive',
          version: '1.1.0',
        },
      });
      expect(made.body).toMatchObject({ success: true });
      if (i === 0) {
        // A DPI change no rule decides on: an alert.
        const sent = await call(
          ctx.app,
          '/agent/logs',
          {
            stream: 's-1',
            held: 1,
            entries: [
              {
                seq: 1,
                at: new Date(now - 3_600_000).toISOString(),
                kind: 'dpi',
                change: 'altered',
                path: '/etc/passwd',
                sha256: 'cd'.repeat(32),
              },
            ],
          },
          { authorization: `Bearer ${made.body.data!.token}` },
        );
        expect(sent.body).toMatchObject({ success: true });
      }
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('makes a monthly report in the background, in Chinese, as PDF and XLSX', async () => {
    const made = await auditorA<{ id: string }>('/report/m/make', {
      kind: 'monthly',
      day: '2026-11-26',
      locale: 'zh-CN',
      tz: 'Asia/Shanghai',
    });
    expect(made.body).toMatchObject({ success: true });
    const id = made.body.data!.id;
    // Made in the background (the call started it); a pass waits for the one under way.
    await run();
    const list = (await auditorA<TReportPage>('/report/m/list', {})).body.data!;
    const item = list.list.find((r) => r.id === id)!;
    expect(item).toMatchObject({
      name: '月报 2026-11',
      kind: 'monthly',
      status: 'done',
      progress: 100,
      locale: 'zh-CN',
      tz: 'Asia/Shanghai',
      bySchedule: false,
      madeBy: 'auditor',
      from: '2026-10-31T16:00:00.000Z',
      to: '2026-11-30T16:00:00.000Z',
      devices: 3,
    });
    expect(item.pdfBytes).toBeGreaterThan(1_000);
    expect(item.xlsxBytes).toBeGreaterThan(1_000);

    const pdf = await download(hostA, 'auditor', id, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="report-monthly-2026-11.pdf"',
    );
    expect(pdf.rawPayload.length).toBe(item.pdfBytes);
    const text = await pdfText(pdf.rawPayload);
    // Chinese text extracts as Chinese: the font is a real CJK font with its Unicode map.
    for (const words of ['月报', '运行报表', '设备', '本期新增设备', '已激活设备', '告警', '审计'])
      expect(text).toContain(words);
    expect(text).toContain('财务部');
    expect(text).toMatch(/在用设备\s*3/);
    expect(text).toMatch(/已激活设备\s*1/);
    expect(text).toMatch(/本期告警\s*1/);
    // November had not ended (it is the 26th): the report says it counts up to when it was made.
    const partial = '本期尚未结束：报表统计到生成时间 2026-11-26 17:00:00 +08:00 为止，数据不完整';
    expect(text).toContain(partial);
    expect(text).toContain('周期：2026-11-01 00:00 – 2026-12-01 00:00');

    const xlsx = await download(hostA, 'auditor', id, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    const sheets = await sheetsOf(xlsx.rawPayload);
    expect(Object.keys(sheets)).toEqual(['概要', '设备清单']);
    expect(sheets['概要']).toContainEqual(['设备', '在用设备', '3']);
    expect(sheets['概要']).toContainEqual([partial]);
    expect(sheets['概要']).toContainEqual(['激活与续期', '激活申请', '0']);
    // The devices with the most alerts: the alerts' counts by hour, as the data overview reads them.
    // The devices with the most alerts: the alerts' counts by hour, as the data overview reads them.
    expect(sheets['概要']).toContainEqual(['告警 · 告警最多的设备', '财务服务器-01', '1']);
    const devices = sheets['设备清单']!;
    expect(devices[0]!.slice(0, 4)).toEqual(['设备名称', '编号', 'IP', '分组']);
    expect(
      devices
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['finance-02', 'finance-03', '财务服务器-01'].sort());
    const first = devices.find((r) => r[0] === '财务服务器-01')!;
    expect(first).toContain('已激活');
    expect(first).toContain('财务部');
  });

  it('writes a report in English when asked', async () => {
    const made = await adminA<{ id: string }>('/report/m/make', {
      kind: 'weekly',
      locale: 'en-US',
    });
    const id = made.body.data!.id;
    await run();
    const item = (await adminA<TReportPage>('/report/m/list', {})).body.data!.list.find(
      (r) => r.id === id,
    )!;
    // The last week that has ended, in UTC.
    expect(item).toMatchObject({ name: 'Weekly report 2026-11-16', status: 'done' });
    const text = await pdfText((await download(hostA, 'admin', id, 'pdf')).rawPayload);
    expect(text).toContain('Weekly report');
    expect(text).toContain('Devices added in the period');
    // The last week that has ended: whole, no notice.
    expect(text).toContain('Period: 2026-11-16 00:00 – 2026-11-23 00:00');
    expect(text).not.toMatch(/not ended|partial/);
    const sheets = await sheetsOf((await download(hostA, 'admin', id, 'xlsx')).rawPayload);
    expect(Object.keys(sheets)).toEqual(['Summary', 'Devices']);
    // The alert of this week is not the last week's: no device has alerts in it.
    expect(sheets['Summary']).toContainEqual(['Alerts', 'Alerts raised in the period', '0']);
    expect(
      sheets['Summary']!.filter((r) => r[0] === 'Alerts · Devices with the most alerts'),
    ).toEqual([]);
  });

  it('keeps reports to the tenant and to the duties that read them', async () => {
    const mine = (await auditorA<TReportPage>('/report/m/list', {})).body.data!;
    expect(mine.total).toBeGreaterThan(0);
    const other = await adminB<TReportPage>('/report/m/list', {});
    expect(other.body.data).toMatchObject({ total: 0, list: [] });
    const id = mine.list[0]!.id;
    const theirs = await download(hostB, 'admin', id, 'pdf');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ success: false, errCode: -10004 });
    // The security operator does not read reports.
    expect((await operatorA('/report/m/list', {})).status).toBe(403);
    expect((await download(hostA, 'operator', id, 'xlsx')).statusCode).toBe(403);
  });

  it('answers 409 for a report not yet made, and takes over one whose maker stopped', async () => {
    const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
    const tenant = rowsOf<{ id: string }>(
      await ctx.app.platform.db.execute(sql`select id from tenants where domain = ${hostA}`),
    );
    // A report a node was making when it died: it beat two minutes and more ago.
    const [row] = rowsOf<{ id: string }>(
      await ctx.app.platform.db.execute(sql`
        insert into reports (tenant_id, kind, period_from, period_to, tz, locale, by_schedule,
          made_by, status, progress, beat_at, tries, created_at)
        values (${tenant[0]!.id}, 'daily', '2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z', 'UTC',
          'zh-CN', false, 'auditor', 'making', 40, ${new Date(now - 180_000)}, 1, ${new Date(now)})
        returning id`),
    );
    const early = await download(hostA, 'auditor', row!.id, 'pdf');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ success: false, errCode: -10009 });
    await run();
    const item = (
      await auditorA<TReportPage>('/report/m/list', { pageSize: 50 })
    ).body.data!.list.find((r) => r.id === row!.id);
    expect(item).toMatchObject({ status: 'done', progress: 100, name: '日报 2026-11-24' });
    expect((await download(hostA, 'auditor', row!.id, 'xlsx')).statusCode).toBe(200);
  });

  it('makes the scheduled reports once each period has ended', async () => {
    const schedule: TReportSchedule = {
      daily: true,
      weekly: false,
      monthly: false,
      locale: 'en-US',
      tz: 'UTC',
    };
    expect((await adminA('/report/s/set', schedule)).body).toMatchObject({ success: true });
    expect((await auditorA('/report/s/get-set', {})).body.data).toEqual(schedule);
    // Signed in again each time: the clock moves past the sessions' lifetime.
    const scheduled = async () =>
      (
        await (
          await signedIn(hostA, 'auditor')
        )<TReportPage>('/report/m/list', { pageSize: 50 })
      ).body.data!.list.filter((r) => r.bySchedule);
    // Switched on: the last day that has ended is made at once (the change started a pass).
    await run();
    expect((await scheduled()).map((r) => [r.name, r.status, r.madeBy])).toEqual([
      ['Daily report 2026-11-25', 'done', ''],
    ]);
    // A minute before the day ends: nothing more.
    now = Date.parse('2026-11-26T23:59:00Z');
    expect((await run()).scheduled).toBe(0);
    // Past midnight, the day just ended is made, once however many passes see it.
    now = Date.parse('2026-11-27T00:00:30Z');
    expect((await run()).scheduled).toBe(1);
    expect((await run()).scheduled).toBe(0);
    const made = await scheduled();
    expect(made.map((r) => [r.name, r.status])).toEqual([
      ['Daily report 2026-11-26', 'done'],
      ['Daily report 2026-11-25', 'done'],
    ]);
    expect(made[0]).toMatchObject({
      from: '2026-11-26T00:00:00.000Z',
      to: '2026-11-27T00:00:00.000Z',
    });
    // The other tenant's schedule is its own.
    const b = await signedIn(hostB, 'admin');
    expect((await b('/report/s/get-set', {})).body.data).toMatchObject({ daily: false });
    // The operator may not change it.
    const op = await signedIn(hostA, 'operator');
    expect((await op('/report/s/set', schedule)).status).toBe(403);
  });

  it('refuses days the calendar has not and periods past 9999, and bounds the queue', async () => {
    const admin = await signedIn(hostA, 'admin');
    // issue 34 (point 9): 2026-02-30 was made for March, 9999-12-31 failed three times.
    for (const day of ['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '9999-12-31']) {
      const res = await admin('/report/m/make', { kind: 'monthly', day });
      expect(res.status, day).toBe(400);
      expect(res.body).toMatchObject({ errCode: CommonErr.Invalid, data: { field: 'body.day' } });
    }
    const en = await admin(
      '/report/m/make',
      { kind: 'daily', day: '2026-02-30' },
      { 'accept-language': 'en-US' },
    );
    expect((en.body.data as { reason: string }).reason).toMatch(/1970-01-01.*9999-11-30/);

    // No pass runs while they are asked for, so each waits in the queue.
    const tenant = sql`(select id from tenants where domain = ${hostA})`;
    await ctx.app.platform.jobs.pause(REPORT_JOB);
    try {
      const waiting = (
        (await ctx.app.platform.db.execute(
          sql`select count(*)::int as n from reports where tenant_id = ${tenant}
                and status in ('queued', 'making')`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
      for (let i = waiting; i < REPORT_QUEUE_MAX; i++) {
        const day = `2026-10-${String((i % 28) + 1).padStart(2, '0')}`;
        expect((await admin('/report/m/make', { kind: 'daily', day })).body).toMatchObject({
          success: true,
        });
      }
      const over = await admin('/report/m/make', { kind: 'daily' });
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({
        errCode: ConsoleErr.ReportQueueFull,
        data: { max: REPORT_QUEUE_MAX },
      });
      expect(over.body.msg).toContain(String(REPORT_QUEUE_MAX));
      // Another tenant's queue is its own.
      const b = await signedIn(hostB, 'admin');
      expect((await b('/report/m/make', { kind: 'daily' })).body).toMatchObject({ success: true });
    } finally {
      await ctx.app.platform.db.execute(sql`delete from reports where status = 'queued'`);
      ctx.app.platform.jobs.resume(REPORT_JOB);
    }
  });
});
