import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type * as ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr } from '@edp/shared/errors';
import { deviceRepository } from '../devices/device-repository.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, dutyUser, pwd, PASSWORD, setupTenant, signIn } from '../../test/console-fixture.ts';

const host = 'device-export.example';
const Excel = createRequire(import.meta.url)('exceljs') as typeof ExcelJS;

/** A CSV as the test reads it: lines without the BOM, fields split where no quote is open. */
function csvRows(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field).toBe('');
  return rows;
}

/**
 * Issue 22: the device list as filtered, exported as CSV or XLSX in the reader's language and
 * time zone: every matching device of the caller's groups, read in keyset batches.
 */
describe('device export (GET /dv/m/export)', () => {
  let ctx: TestContext;
  let opToken: string;
  let scopedToken: string;
  let auditorToken: string;
  let adminToken: string;
  let plantA: string;
  let plantB: string;
  let bulk: string;
  const ids: Record<string, string> = {};

  const get = (query: string, token = opToken, lang = 'zh-CN') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/dv/m/export${query ? `?${query}` : ''}`,
      headers: { host, 'x-token': token, 'accept-language': lang },
    });
  const csv = async (query: string, token = opToken, lang = 'zh-CN') => {
    const res = await get(query, token, lang);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return csvRows(res.body);
  };
  const set = (name: string, values: ReturnType<typeof sql>) =>
    ctx.app.platform.db.execute(sql`update devices set ${values} where id = ${ids[name]}`);

  beforeAll(async () => {
    ctx = await createTestApp();
    await setupTenant(ctx.app, host);
    adminToken = await signIn(ctx.app, host, 'admin');
    const admin = as(ctx.app, host, adminToken);
    opToken = await signIn(ctx.app, host, 'operator');
    auditorToken = await signIn(ctx.app, host, 'auditor');
    const op = as(ctx.app, host, opToken);
    plantA = (await admin<{ id: string }>('/user/group/add', { name: 'Plant-A' })).body.data!.id;
    plantB = (await admin<{ id: string }>('/user/group/add', { name: 'Plant-B' })).body.data!.id;
    bulk = (await admin<{ id: string }>('/user/group/add', { name: 'Bulk' })).body.data!.id;
    const add = async (name: string, groupId: string, extra: object = {}) => {
      const res = await op<{ id: string }>('/dv/m/add', {
        name,
        groupId,
        kind: 'TDE',
        systemType: 'Linux',
        ip: '10.0.0.1',
        ...extra,
      });
      if (!res.body.success) throw new Error(JSON.stringify(res.body));
      ids[name] = res.body.data!.id;
    };
    await add('srv-01', plantA, { number: 'N-1', remark: 'rack 4, row "B"', ip: '10.0.0.11' });
    await add('srv-02', plantA, { kind: 'DPI', ip: '10.0.0.12' });
    await add('db-01', plantB, { kind: 'PWE', systemType: 'Windows Server', ip: '10.0.0.21' });
    await add('=HYPERLINK("http://evil.example","x")', plantB, { remark: '+cmd|calc' });
    // Fixed times, and one device seen just now (online).
    await set(
      'srv-01',
      sql`created_at = '2025-03-01T08:00:00Z', last_seen_at = now(), version = '2.1.0',
        licence_expires_at = '2999-01-01T00:00:00Z', install = 'installed', activation = 'active'`,
    );
    await set('srv-02', sql`created_at = '2025-03-02T08:00:00Z'`);
    await set(
      'db-01',
      sql`created_at = '2025-03-03T08:00:00Z', last_seen_at = '2025-03-04T01:02:03Z',
        licence_expires_at = '2024-01-01T00:00:00Z', install = 'failed'`,
    );
    await set('=HYPERLINK("http://evil.example","x")', sql`created_at = '2025-03-04T08:00:00Z'`);

    // A user whose role covers Plant-A only.
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'PlantA-ops',
      menu: 'operate',
      permission: 'read',
      groupIds: [plantA],
    });
    const user = await admin('/user/add', { ...dutyUser('scoped'), roleId: role.body.data!.id });
    expect(user.body, JSON.stringify(role.body)).toMatchObject({ success: true });
    scopedToken = await signIn(ctx.app, host, 'scoped', PASSWORD);
    expect(pwd(PASSWORD)).toHaveLength(32);
  }, 60_000);
  afterAll(() => ctx.close());

  it('writes the running list in zh-CN, times in the reader’s zone, the page’s words', async () => {
    const res = await get('tz=Asia/Shanghai&sort=name&order=asc');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="devices-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csvRows(res.body);
    expect(rows[0]).toEqual([
      '设备名称',
      '设备编号',
      'IP 地址',
      '系统类型',
      '引擎类型',
      '版本',
      '授权类型',
      '到期时间（Asia/Shanghai）',
      '在线状态',
      '最后在线（Asia/Shanghai）',
      '安装状态',
      '激活状态',
      '分组',
      '注册时间（Asia/Shanghai）',
      '备注',
      '设备 ID',
    ]);
    expect(rows.map((r) => r[0])).toEqual([
      '设备名称',
      '\'=HYPERLINK("http://evil.example","x")',
      'db-01',
      'srv-01',
      'srv-02',
    ]);
    const byName = new Map(rows.map((r) => [r[0], r]));
    const srv01 = byName.get('srv-01')!;
    expect(srv01.slice(0, 7)).toEqual([
      'srv-01',
      'N-1',
      '10.0.0.11',
      'Linux',
      'TDE',
      '2.1.0',
      'TDE',
    ]);
    expect(srv01[7]).toBe('2999-01-01 08:00:00 +08:00');
    expect(srv01[8]).toBe('在线');
    expect(srv01[9]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+08:00$/);
    expect(srv01.slice(10)).toEqual([
      '已安装',
      '已激活',
      'Plant-A',
      '2025-03-01 16:00:00 +08:00',
      'rack 4, row "B"',
      ids['srv-01'],
    ]);
    expect(byName.get('db-01')!.slice(6, 11)).toEqual([
      '已过期',
      '2024-01-01 08:00:00 +08:00',
      '离线',
      '2025-03-04 09:02:03 +08:00',
      '安装失败',
    ]);
    expect(byName.get('srv-02')!.slice(6, 12)).toEqual([
      '未授权',
      '',
      '从未上线',
      '从未',
      '未安装',
      '未激活',
    ]);
    // Formulas defused: a spreadsheet shows the text.
    expect(rows[1]![15]).toBe(ids['=HYPERLINK("http://evil.example","x")']);
    expect(rows[1]![14]).toBe("'+cmd|calc");
  });

  it('writes en-US, in UTC without a zone, with the filter and order of the page', async () => {
    const rows = await csv(`groupId=${plantA}&sort=createdAt&order=desc`, opToken, 'en-US');
    expect(rows[0]).toEqual([
      'Device name',
      'Device number',
      'IP address',
      'System type',
      'Engine kind',
      'Version',
      'License type',
      'Expires (UTC)',
      'Presence',
      'Last seen (UTC)',
      'Install state',
      'Activation',
      'Group',
      'Registered (UTC)',
      'Remark',
      'Device ID',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['srv-02', 'srv-01']);
    expect(rows[1]!.slice(6, 12)).toEqual([
      'Unlicensed',
      '',
      'Never seen',
      'Never',
      'Not installed',
      'Not activated',
    ]);
    expect(rows[2]![13]).toBe('2025-03-01 08:00:00 +00:00');
    // The other filters narrow as the list's do.
    expect((await csv('kind=PWE')).slice(1).map((r) => r[0])).toEqual(['db-01']);
    expect((await csv('type=5')).slice(1).map((r) => r[0])).toEqual(['db-01']);
    expect((await csv('type=0')).slice(1).map((r) => r[0])).toEqual(['srv-01']);
    expect((await csv('presence=online')).slice(1).map((r) => r[0])).toEqual(['srv-01']);
    expect((await csv('install=failed&keyword=db')).slice(1).map((r) => r[0])).toEqual(['db-01']);
    expect((await csv(`groupId=${plantB}&subgroups=false&keyword=srv`)).length).toBe(1);
  });

  it('exports the deprecated list with its own column and file name', async () => {
    const op = as(ctx.app, host, opToken);
    await op('/dv/m/del', { target: { ids: [ids['srv-02']] } });
    try {
      const res = await get('status=deprecated', opToken, 'en-US');
      expect(res.headers['content-disposition']).toMatch(
        /filename="devices-deprecated-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const rows = csvRows(res.body);
      expect(rows[0]).toContain('Deprecated (UTC)');
      expect(rows.slice(1).map((r) => r[0])).toEqual(['srv-02']);
      expect((await csv('')).slice(1).map((r) => r[0])).not.toContain('srv-02');
    } finally {
      await set('srv-02', sql`status = 'running', deprecated_at = null`);
    }
  });

  it('keeps to the caller’s groups, as the list does', async () => {
    const rows = await csv('sort=name&order=asc', scopedToken);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['srv-01', 'srv-02']);
    const other = await get(`groupId=${plantB}`, scopedToken, 'en-US');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, errCode: CommonErr.NotFound });
  });

  it('answers bad input in the envelope, in the caller’s language, never a 5xx', async () => {
    for (const query of ['format=pdf', 'type=9', 'sort=ip', 'subgroups=maybe', 'tz=Mars/Base']) {
      const res = await get(query, opToken, 'en-US');
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { success: boolean; errCode: number; msg: string };
      expect(body, query).toMatchObject({ success: false, errCode: CommonErr.Invalid });
      expect(body.msg, query).not.toMatch(/[\u4e00-\u9fff]/);
    }
    const zh = await get('format=pdf');
    expect((zh.json() as { msg: string }).msg).toMatch(/[\u4e00-\u9fff]/);
    const unknownGroup = await get(`groupId=${crypto.randomUUID()}`);
    expect(unknownGroup.statusCode).toBe(404);
    // The administrator has no device duty: refused, and the refusal is logged like any other.
    const refused = await get('', adminToken);
    expect(refused.statusCode).toBe(403);
  });

  it('writes XLSX with text cells in the reader’s language, formulas never run', async () => {
    const res = await get('format=xlsx&sort=name&order=asc&tz=Europe/Berlin', opToken, 'en-US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="devices-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const book = new Excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Devices');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1).slice(0, 3)).toEqual(['Device name', 'Device number', 'IP address']);
    expect(values(1)[13]).toBe('Registered (Europe/Berlin)');
    expect(sheet.rowCount).toBe(5);
    const evil = sheet.getRow(2).getCell(1);
    expect(evil.type).toBe(Excel.ValueType.String);
    expect(evil.formula).toBeUndefined();
    expect(evil.value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(sheet.getRow(2).getCell(15).value).toBe('+cmd|calc');
    expect(values(4).slice(0, 2)).toEqual(['srv-01', 'N-1']);
    expect(values(4)[13]).toBe('2025-03-01 09:00:00 +01:00');
    for (let r = 1; r <= sheet.rowCount; r++)
      sheet.getRow(r).eachCell((cell) => expect(cell.type).toBe(Excel.ValueType.String));
    // zh-CN names the sheet in Chinese.
    const zh = await get('format=xlsx');
    const zhBook = new Excel.Workbook();
    await zhBook.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    expect(zhBook.worksheets[0]!.name).toBe('设备');
    expect(zhBook.worksheets[0]!.getRow(1).getCell(1).value).toBe('设备名称');
  });

  it('writes thousands of devices in order, each once, whatever the order and ties', async () => {
    const tenantId = (
      (await ctx.app.platform.db.execute(
        sql`select tenant_id from devices limit 1`,
      )) as unknown as {
        rows: { tenant_id: string }[];
      }
    ).rows[0]!.tenant_id;
    const n = 4_321;
    // Many devices share a created and last-seen time (ties across batches); a tenth never seen.
    await ctx.app.platform.db.execute(sql`
      insert into devices (tenant_id, group_id, name, kind, created_at, last_seen_at)
      select ${tenantId}, ${bulk}, 'bulk-' || lpad(g::text, 5, '0'), 'DI',
        timestamptz '2025-01-01T00:00:00.123456Z' + (g % 97) * interval '1 second',
        case when g % 10 = 0 then null
          else timestamptz '2025-02-01T00:00:00.654321Z' + (g % 13) * interval '1 minute' end
      from generate_series(1, ${n}) g`);
    const expected = Array.from({ length: n }, (_, i) => `bulk-${String(i + 1).padStart(5, '0')}`);

    const byName = await csv(`groupId=${bulk}&sort=name&order=asc`);
    expect(byName.slice(1).map((r) => r[0])).toEqual(expected);
    const byNameDesc = await csv(`groupId=${bulk}&sort=name&order=desc`);
    expect(byNameDesc.slice(1).map((r) => r[0])).toEqual([...expected].reverse());

    for (const [sort, column] of [
      ['createdAt', 13],
      ['lastSeenAt', 9],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const rows = (await csv(`groupId=${bulk}&sort=${sort}&order=${order}`, opToken, 'en-US'))
          .slice(1)
          .map((r) => ({ name: r[0]!, at: r[column] === 'Never' ? null : r[column]!, id: r[15]! }));
        expect(rows, `${sort} ${order}`).toHaveLength(n);
        expect(new Set(rows.map((r) => r.name)).size, `${sort} ${order}`).toBe(n);
        // The list's order: by the time (never seen first when descending, last when
        // ascending, as PostgreSQL orders nulls), then by id.
        // A null sorts above every time in PostgreSQL.
        const key = (r: (typeof rows)[number]) => `${r.at ?? '9'} ${r.id}`;
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1]!, rows[i]!];
          const cmp = key(a) < key(b) ? -1 : 1;
          expect(order === 'asc' ? cmp : -cmp, `${sort} ${order} at ${i}`).toBeLessThan(0);
        }
      }
    }
    // Other work goes on between batches: the export does not hold the event loop throughout.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const started = turns;
    await csv(`groupId=${bulk}&sort=name&order=asc`);
    counting = false;
    expect(turns - started).toBeGreaterThanOrEqual(Math.floor(n / 1_000));

    // Read in small batches, the keyset gives exactly the order of one query over them all.
    const repo = deviceRepository(ctx.app.platform.db);
    const scope = { tenantId, status: 'running' as const, groupIds: [bulk], now: Date.now() };
    const idsOf = async (
      sort: 'createdAt' | 'name' | 'lastSeenAt',
      dir: 'asc' | 'desc',
      batch: number,
    ) => {
      const out: string[] = [];
      for await (const rows of repo.stream(scope, { sort, dir }, batch))
        out.push(...rows.map((r) => r.device.id));
      return out;
    };
    for (const sort of ['createdAt', 'name', 'lastSeenAt'] as const)
      for (const dir of ['asc', 'desc'] as const) {
        const whole = await idsOf(sort, dir, 100_000);
        expect(whole, `${sort} ${dir}`).toHaveLength(n);
        expect(await idsOf(sort, dir, 211), `${sort} ${dir}`).toEqual(whole);
      }

    // The same order as the list's pages.
    const op = as(ctx.app, host, opToken);
    const page = await op<{ list: { name: string }[] }>('/dv/m/list', {
      groupId: bulk,
      sort: 'lastSeenAt',
      order: 'desc',
      pageSize: 50,
    });
    const exported = await csv(`groupId=${bulk}&sort=lastSeenAt&order=desc`);
    expect(exported.slice(1, 51).map((r) => r[0])).toEqual(page.body.data!.list.map((d) => d.name));
  }, 60_000);

  it('is a read: not written to the audit log, as the audit log’s own export is not', async () => {
    const auditor = as(ctx.app, host, auditorToken);
    const log = await auditor<{ list: { result: string; account: string }[] }>('/owner/l/log', {
      action: '/dv/m/export',
    });
    // Only the administrator's refused try (above) is there.
    expect(log.body.data!.list.map((e) => [e.account, e.result])).toEqual([['admin', 'failure']]);
  });
});
