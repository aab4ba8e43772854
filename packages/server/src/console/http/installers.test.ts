import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, setupTenant, signIn } from '../../test/console-fixture.ts';
import { attachment } from '../../platform/http/index.ts';

const host = 'acme.example';
const hostB = 'other.example';
const tarGz = gzipSync(Buffer.from('installer payload '.repeat(200)));
type Item = { id: string; name: string; version: string; sha256: string; size: number };

const upload = (over: Record<string, unknown> = {}, bytes: Buffer = tarGz) => ({
  fileName: 'edp-agent-1.2.3.tar.gz',
  file: bytes.toString('base64'),
  name: 'EDP agent',
  version: '1.2.3',
  kind: 'TDE',
  systemVersion: 'CentOS 7',
  description: 'first',
  ...over,
});

describe('installers (/dv/m/installer/*, GET /owner/dw/{owner}/{id})', () => {
  let ctx: TestContext;
  let tenantId: string;
  let tenantB: string;
  let operator: ReturnType<typeof as>;
  let operatorToken: string;
  let operatorB: ReturnType<typeof as>;
  let operatorBToken: string;
  let auditorToken: string;

  const download = (owner: string, id: string, token = operatorToken, h = host) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/owner/dw/${owner}/${id}`,
      headers: { host: h, 'x-token': token },
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await setupTenant(ctx.app, host);
    tenantB = await setupTenant(ctx.app, hostB, { prefix: 'b-' }).catch(async () => {
      const sa = await ctx.app.platform.sessions.create({
        kind: 'vendor',
        subjectId: randomUUID(),
      });
      return setupTenant(ctx.app, hostB, { prefix: 'b-', headers: { 'x-token': sa } });
    });
    operatorToken = await signIn(ctx.app, host, 'operator');
    operator = as(ctx.app, host, operatorToken);
    operatorBToken = await signIn(ctx.app, hostB, 'b-operator');
    operatorB = as(ctx.app, hostB, operatorBToken);
    auditorToken = await signIn(ctx.app, host, 'auditor');
  });
  afterAll(() => ctx.close());

  it('uploads, lists with SHA-256, downloads the same bytes with headers, audits', async () => {
    const res = await operator<{ id: string; sha256: string; size: number }>(
      '/dv/m/installer/add',
      upload(),
    );
    expect(res.status).toBe(200);
    const sha = createHash('sha256').update(tarGz).digest('hex');
    expect(res.body.data).toEqual({ id: expect.any(String), sha256: sha, size: tarGz.length });
    const id = res.body.data!.id;
    expect(fs.existsSync(path.join(ctx.dataDir, 'installers', tenantId, id))).toBe(true);

    const list = await operator<{ list: (Item & { uploader: string })[]; total: number }>(
      '/dv/m/installer/list',
      { keyword: 'agent' },
    );
    expect(list.body.data!.total).toBe(1);
    expect(list.body.data!.list[0]).toMatchObject({
      id,
      name: 'EDP agent',
      version: '1.2.3',
      kind: 'TDE',
      systemVersion: 'CentOS 7',
      size: tarGz.length,
      sha256: sha,
      uploader: 'operator',
      fileName: 'edp-agent-1.2.3.tar.gz',
    });
    const none = await operator<{ total: number }>('/dv/m/installer/list', { kind: 'DI' });
    expect(none.body.data!.total).toBe(0);

    const file = await download(tenantId, id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(tarGz)).toBe(true);
    expect(file.headers['content-length']).toBe(String(tarGz.length));
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="edp-agent-1.2.3.tar.gz"; filename*=UTF-8''edp-agent-1.2.3.tar.gz`,
    );

    const admin = as(ctx.app, host, auditorToken);
    const log = await admin<{ list: { action: string; target: string; result: string }[] }>(
      '/owner/l/log',
      { action: '/dv/m/installer/add' },
    );
    expect(log.body.data!.list[0]).toMatchObject({ target: 'EDP agent 1.2.3', result: 'success' });
  });

  it('refuses bad extensions, formats that do not match, bad versions, in the reader language', async () => {
    const bad = await operator('/dv/m/installer/add', upload({ fileName: 'agent.sh' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errCode).toBe(CommonErr.Invalid);
    expect(bad.body.data).toMatchObject({ field: 'body.fileName' });
    expect(bad.body.msg).toContain('扩展名不合法');

    const en = await ctx.app.inject({
      method: 'POST',
      url: '/api/dv/m/installer/add',
      payload: upload({ fileName: 'agent.rpm' }),
      headers: { host, 'x-token': operatorToken, 'accept-language': 'en-US' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().data).toEqual({
      field: 'body.file',
      reason: 'is not in the format its extension names',
    });

    for (const [fileName, bytes] of [
      ['a.zip', tarGz],
      ['a.deb', Buffer.from('PK\x03\x04zip')],
      ['a.exe', Buffer.from('not a program')],
      ['a.msi', Buffer.from('MY')],
    ] as const) {
      const res = await operator('/dv/m/installer/add', upload({ fileName }, bytes));
      expect.soft(`${fileName} ${res.status}`).toBe(`${fileName} 400`);
    }
    const version = await operator('/dv/m/installer/add', upload({ version: 'latest' }));
    expect(version.body.data).toMatchObject({ field: 'body.version' });
    const path = await operator('/dv/m/installer/add', upload({ fileName: '../x.tar.gz' }));
    expect(path.status).toBe(400);
    const garbage = await operator(
      '/dv/m/installer/add',
      upload({ file: tarGz.toString('base64').slice(0, 16) + '!!!!' }),
    );
    expect(garbage.status).toBe(400);
    // A real format of each kind passes.
    const ok = [
      ['a.rpm', Buffer.from([0xed, 0xab, 0xee, 0xdb, 1, 2])],
      ['a.deb', Buffer.from('!<arch>\ndebian-binary')],
      ['a.tgz', tarGz],
      ['a.ZIP', Buffer.from('PK\x03\x04zip')],
      ['a.exe', Buffer.from('MZ\x90\x00')],
      ['a.msi', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1])],
    ] as const;
    for (const [i, [fileName, bytes]] of ok.entries()) {
      const res = await operator(
        '/dv/m/installer/add',
        upload({ fileName, version: `2.0.${i}` }, bytes),
      );
      expect.soft(`${fileName} ${res.status}`).toBe(`${fileName} 200`);
    }
  });

  it('answers 409 to the same product, system version and version', async () => {
    const again = await operator('/dv/m/installer/add', upload({ description: 'again' }));
    expect(again.status).toBe(409);
    expect(again.body.errCode).toBe(ConsoleErr.InstallerExists);
    // Another system version is another installer; another tenant may have the same.
    const other = await operator('/dv/m/installer/add', upload({ systemVersion: 'Ubuntu 22.04' }));
    expect(other.status).toBe(200);
    const b = await operatorB('/dv/m/installer/add', upload());
    expect(b.status).toBe(200);
    // The refused upload left no file behind.
    const dir = path.join(ctx.dataDir, 'installers', tenantId);
    const rows = await operator<{ total: number }>('/dv/m/installer/list', { pageSize: 50 });
    expect(fs.readdirSync(dir)).toHaveLength(rows.body.data!.total);
  });

  it("keeps tenants apart: another tenant's id is 404 to download and delete", async () => {
    const mine = await operator<{ list: Item[] }>('/dv/m/installer/list', { keyword: 'Ubuntu' });
    const id = mine.body.data!.list[0]!.id;
    expect((await download(tenantId, id, operatorBToken, hostB)).statusCode).toBe(404);
    expect((await download(tenantB, id, operatorBToken, hostB)).statusCode).toBe(404);
    expect((await operatorB('/dv/m/installer/del', { id })).status).toBe(404);
    expect((await download(tenantId, 'not-an-id')).statusCode).toBe(404);
    expect((await download(tenantId, randomUUID())).json().errCode).toBe(CommonErr.NotFound);
    // The audit CSV still answers beside it.
    const csv = await download(tenantId, 'audit', auditorToken);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
  });

  it('lets only the security operator in: the auditor gets 403, a read-only list is fine', async () => {
    const auditor = as(ctx.app, host, auditorToken);
    expect((await auditor('/dv/m/installer/list')).status).toBe(403);
    expect((await auditor('/dv/m/installer/add', upload({ version: '9.9.9' }))).status).toBe(403);
    const mine = await operator<{ list: Item[] }>('/dv/m/installer/list');
    expect((await download(tenantId, mine.body.data!.list[0]!.id, auditorToken)).statusCode).toBe(
      403,
    );
  });

  it('takes installers past the default 1 MiB body limit', async () => {
    const big = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(3 * 1024 * 1024, 7)]);
    const res = await operator<{ size: number }>(
      '/dv/m/installer/add',
      upload({ fileName: 'big.zip', version: '3.0.0' }, big),
    );
    expect(res.status).toBe(200);
    expect(res.body.data!.size).toBe(big.length);
  });

  it('deletes the row and its file', async () => {
    const mine = await operator<{ list: Item[] }>('/dv/m/installer/list', { keyword: 'Ubuntu' });
    const id = mine.body.data!.list[0]!.id;
    const file = path.join(ctx.dataDir, 'installers', tenantId, id);
    expect(fs.existsSync(file)).toBe(true);
    const res = await operator('/dv/m/installer/del', { id });
    expect(res.status).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect((await download(tenantId, id)).statusCode).toBe(404);
    expect((await operator('/dv/m/installer/del', { id })).status).toBe(404);
  });

  it("removes a tenant's installer files when the vendor deletes the tenant", async () => {
    const res = await operatorB<{ id: string }>(
      '/dv/m/installer/add',
      upload({ version: '9.9.9' }),
    );
    expect(res.status).toBe(200);
    const dir = path.join(ctx.dataDir, 'installers', tenantB);
    expect(fs.readdirSync(dir)).toContain(res.body.data!.id);
    const sa = as(
      ctx.app,
      'vendor.example',
      await ctx.app.platform.sessions.create({ kind: 'vendor', subjectId: randomUUID() }),
    );
    expect((await sa('/sa/ows/del', { id: tenantB })).body).toMatchObject({ success: true });
    expect(fs.existsSync(dir)).toBe(false);
    // The other tenant's files stay.
    expect(fs.readdirSync(path.join(ctx.dataDir, 'installers', tenantId)).length).toBeGreaterThan(
      0,
    );
  });

  it('names files safely in Content-Disposition (RFC 5987 for the rest)', () => {
    expect(attachment('安装包 1.0.zip')).toBe(
      `attachment; filename="___ 1.0.zip"; filename*=UTF-8''%E5%AE%89%E8%A3%85%E5%8C%85%201.0.zip`,
    );
    expect(attachment('a"b\'(c).exe')).toBe(
      `attachment; filename="a_b__c_.exe"; filename*=UTF-8''a%22b%27%28c%29.exe`,
    );
  });
});
