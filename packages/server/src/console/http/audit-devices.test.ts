import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import { FIELD_LABELS } from '../audit/audit-texts.ts';
import { AUDIT_DEVICES_NAMED } from '../audit/index.ts';
import { createTestApp, type TestContext, call } from '../../test/harness.ts';
import { as, setupTenant, signIn } from '../../test/console-fixture.ts';

const host = 'devices-audit.example';
type Lang = 'zh-CN' | 'en-US';
const LANGS: Lang[] = ['zh-CN', 'en-US'];

/**
 * Issue 22: the audit log answers who did what to which device — every field the device centre
 * and the installers record readable in both languages, a bulk action's devices by name and id,
 * engine enrolments, the enrolment secret made and replaced.
 */
describe('the audit log of the device centre', () => {
  let ctx: TestContext;
  let tenantId: string;
  let auditorToken: string;
  let op: ReturnType<typeof as>;
  let plantA: string;
  let plantB: string;
  const ids: Record<string, string> = {};

  const addDevice = async (name: string, groupId = plantA) => {
    const res = await op<{ id: string }>('/dv/m/add', {
      name,
      groupId,
      kind: 'TDE',
      systemType: 'Linux',
      ip: '10.0.0.1',
    });
    if (!res.body.success) throw new Error(JSON.stringify(res.body));
    ids[name] = res.body.data!.id;
    return res.body.data!.id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = await setupTenant(ctx.app, host);
    const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    plantA = (await admin<{ id: string }>('/user/group/add', { name: 'Plant-A' })).body.data!.id;
    plantB = (await admin<{ id: string }>('/user/group/add', { name: 'Plant-B' })).body.data!.id;
    await addDevice('srv-01');
    await addDevice('srv-02');
    await addDevice('mail-01');
    await op('/dv/m/edit', { id: ids['srv-01'], remark: 'rack 4', groupId: plantB });
    await op('/dv/m/mv', { target: { ids: [ids['srv-01'], ids['srv-02']] }, groupId: plantA });
    await op('/dv/m/del', {
      target: {
        filter: {
          keyword: 'mail',
          groupId: plantA,
          subgroups: false,
          kind: 'TDE',
          type: -1,
          presence: 'never',
          install: 'none',
        },
      },
    });
    await op('/dv/m/real/del', { target: { ids: [ids['mail-01']] } });
    const secret = await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: plantA });
    const newer = await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: plantA });
    expect(newer.body.data!.secret).not.toBe(secret.body.data!.secret);
    const enrolled = await call<{ deviceId: string }>(
      ctx.app,
      '/agent/enrol',
      {
        secret: newer.body.data!.secret,
        identity: {
          name: 'edge-07',
          ip: '10.1.2.3',
          systemType: 'Linux',
          version: '1.0.0',
          kind: 'TDE',
          fingerprint: 'f'.repeat(64),
        },
        state: { install: 'installed', detection: 'ok', activation: 'inactive', version: '1.0.0' },
      },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    if (!enrolled.body.success) throw new Error(JSON.stringify(enrolled.body));
    ids['edge-07'] = enrolled.body.data!.deviceId;
    const bytes = gzipSync(Buffer.from('installer payload '.repeat(50)));
    const upload = await op<{ id: string }>('/dv/m/installer/add', {
      fileName: 'agent-1.2.3.tar.gz',
      file: bytes.toString('base64'),
      name: 'EDP agent',
      version: '1.2.3',
      kind: 'TDE',
      systemVersion: 'CentOS 7',
      description: 'first',
    });
    if (!upload.body.success) throw new Error(JSON.stringify(upload.body));
    await op('/dv/m/installer/del', { id: upload.body.data!.id });
    auditorToken = await signIn(ctx.app, host, 'auditor');
  }, 60_000);
  afterAll(() => ctx.close());

  /** Every entry the filter finds, newest first (page by page). */
  const read = async (lang: Lang, filter: object = {}) => {
    const all: TAuditItem[] = [];
    for (let page = 1; ; page++) {
      const res = await call<{ list: TAuditItem[]; total: number }>(
        ctx.app,
        '/owner/l/log',
        { page, pageSize: 50, ...filter },
        { host, 'x-token': auditorToken, 'accept-language': lang },
      );
      if (!res.body.success) throw new Error(JSON.stringify(res.body));
      all.push(...res.body.data!.list);
      if (all.length >= res.body.data!.total) return all;
    }
  };
  const csv = async (lang: Lang, query = '') =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/owner/dw/${tenantId}/audit?${query}`,
        headers: { host, 'x-token': auditorToken, 'accept-language': lang },
      })
    ).body;

  it('labels every field and value the device centre and the installers record, in both languages', async () => {
    const deviceEntries = (e: TAuditItem) =>
      e.action.startsWith('/dv/m/') || e.action === '/agent/enrol';
    for (const lang of LANGS) {
      const entries = (await read(lang)).filter(deviceEntries);
      // add ×3, edit, move, deprecate, purge, secret ×2, enrolment, installer add and delete
      expect(entries.length, lang).toBeGreaterThanOrEqual(12);
      for (const e of entries) {
        for (const c of e.changes) {
          expect(FIELD_LABELS[c.field]?.[lang], `${e.action} ${c.field}`).toBeTruthy();
          expect(c.label).toBe(FIELD_LABELS[c.field]![lang]);
        }
      }
    }
    const [deprecation] = await read('zh-CN', { action: '/dv/m/del' });
    const zh = Object.fromEntries(deprecation!.changes.map((c) => [c.field, c.after]));
    expect(zh).toMatchObject({
      action: '废弃',
      'filter.keyword': 'mail',
      'filter.groupId': 'Plant-A',
      'filter.subgroups': '否',
      'filter.type': '未授权',
      'filter.presence': '从未上线',
      'filter.install': '未安装',
    });
    const [move] = await read('en-US', { action: '/dv/m/mv' });
    const en = Object.fromEntries(move!.changes.map((c) => [c.field, c.after]));
    expect(en).toMatchObject({ action: 'Move to group', group: 'Plant-A' });
    expect(move!.changes.map((c) => c.field)).not.toContain('ids');
    const [upload] = await read('zh-CN', { action: '/dv/m/installer/add' });
    expect(upload!.changes.map((c) => c.label)).toEqual(
      expect.arrayContaining(['文件名', '系统版本', '大小（字节）', 'SHA-256', '引擎类型']),
    );
  });

  it('names every device a bulk action touched, with its id to link to, in page and CSV', async () => {
    for (const action of ['/dv/m/mv']) {
      const [zh] = await read('zh-CN', { action });
      expect(zh).toMatchObject({
        target: expect.stringContaining('srv-01'),
        targetLabel: '2 台设备：srv-01、srv-02',
        devices: [
          { id: ids['srv-01'], name: 'srv-01' },
          { id: ids['srv-02'], name: 'srv-02' },
        ],
        moreDevices: 0,
      });
      const [en] = await read('en-US', { action });
      expect(en!.targetLabel).toBe('2 devices: srv-01, srv-02');
    }
    // "All matching the filter": the log says which devices that was.
    const [deprecation] = await read('en-US', { action: '/dv/m/del' });
    expect(deprecation).toMatchObject({
      targetLabel: '1 device: mail-01',
      devices: [{ id: ids['mail-01'], name: 'mail-01' }],
    });
    // The keyword filter finds a bulk action by a device's name.
    expect((await read('en-US', { keyword: 'srv-02' })).map((e) => e.action)).toContain('/dv/m/mv');
    const zhCsv = await csv('zh-CN', 'action=/dv/m/mv');
    expect(zhCsv).toContain('2 台设备：srv-01、srv-02');
    expect(zhCsv).toContain('批量操作：移动到分组');
    const enCsv = await csv('en-US', 'action=/dv/m/mv');
    expect(enCsv).toContain('"2 devices: srv-01, srv-02"');
  });

  it('keeps a bulk action over many devices bounded: the first few named, the rest counted', async () => {
    const many = AUDIT_DEVICES_NAMED + 3;
    for (let i = 0; i < many; i++) await addDevice(`bulk-${String(i).padStart(3, '0')}`, plantB);
    const moved = await op<{ affected: number }>('/dv/m/mv', {
      target: { filter: { groupId: plantB, keyword: 'bulk-' } },
      groupId: plantA,
    });
    expect(moved.body.data!.affected).toBe(many);
    const [zh] = await read('zh-CN', { action: '/dv/m/mv' });
    expect(zh!.devices).toHaveLength(AUDIT_DEVICES_NAMED);
    expect(zh!.moreDevices).toBe(3);
    expect(zh!.targetLabel).toMatch(
      new RegExp(`^${many} 台设备：bulk-000、bulk-001、.*，另有 3 台$`),
    );
    const [en] = await read('en-US', { action: '/dv/m/mv' });
    expect(en!.targetLabel).toMatch(
      new RegExp(`^${many} devices: bulk-000, bulk-001, .* and 3 more$`),
    );
    expect(JSON.stringify(zh!.detail)).not.toContain('detail too large');
  });

  it('logs the first enrolment secret of a group as made and later ones as replaced', async () => {
    const notes = async (lang: Lang) =>
      (await read(lang, { action: '/dv/m/secret/rotate' })).map((e) => e.note).reverse();
    expect(await notes('zh-CN')).toEqual(['生成注册密钥', '更换注册密钥，旧密钥不再可用于注册']);
    expect(await notes('en-US')).toEqual([
      'Enrolment secret made',
      'Enrolment secret replaced; the old one no longer enrols engines',
    ]);
  });

  it('logs each engine enrolment in the tenant’s log: the engine as actor, the device, group and address', async () => {
    for (const lang of LANGS) {
      const [entry] = await read(lang, { action: '/agent/enrol' });
      expect(entry).toMatchObject({
        account: '',
        roleName: '',
        duty: 'engine',
        dutyLabel: lang === 'zh-CN' ? '引擎' : 'Engine',
        actionLabel: lang === 'zh-CN' ? '引擎注册' : 'Engine enrolment',
        target: 'edge-07',
        targetLabel: 'edge-07',
        devices: [{ id: ids['edge-07'], name: 'edge-07' }],
        result: 'success',
      });
      expect(entry!.ip).toBeTruthy();
      const group = entry!.changes.find((c) => c.field === 'groupId');
      expect(group?.after).toBe('Plant-A');
      // Which secret it enrolled with, by name (the rotation's default: group and day).
      const secret = entry!.changes.find((c) => c.field === 'secretName');
      expect(secret?.label).toBe(lang === 'zh-CN' ? '注册密钥' : 'Enrolment secret');
      expect(secret?.after).toMatch(/^Plant-A \d{4}-\d{2}-\d{2}$/);
    }
    const actions = await call<{ list: { action: string }[] }>(
      ctx.app,
      '/owner/l/log/actions',
      {},
      { host, 'x-token': auditorToken },
    );
    expect(actions.body.data!.list.map((a) => a.action)).toContain('/agent/enrol');
    expect(await csv('en-US', 'action=/agent/enrol')).toMatch(/,Engine,Engine enrolment,edge-07,/);
  });
});
