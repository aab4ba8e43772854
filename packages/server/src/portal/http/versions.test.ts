import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, PortalErr } from '@edp/shared/errors';
import {
  VERSION_MOVES,
  VERSION_STATES,
  type TVersionItem,
  type VersionState,
} from '@edp/shared/contracts/product-versions';
import { consoleGroups, devices, installers } from '../../platform/db/index.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, setupTenant, signIn } from '../../test/console-fixture.ts';
import { makeCompany } from '../../test/portal-fixture.ts';

type Page = { list: TVersionItem[]; total: number };
const draft = (number: string, systemType = 'CentOS 7') => ({
  kind: 'TDE',
  systemType,
  number,
  notesZh: '修复若干问题',
  notesEn: 'Fixes',
});

describe('/api/sa/vers, /api/sa/ver/* — the vendor’s product versions', () => {
  let ctx: TestContext;
  let sa: ReturnType<typeof as>;
  let acme: string;
  let company: { id: string; token: string };

  const save = async (body: object) => (await sa<{ id: string }>('/sa/ver/edit', body)).body;
  const move = (id: string, state: VersionState) => sa('/sa/ver/state', { id, state });
  const item = async (id: string) =>
    (await sa<Page>('/sa/vers', { pageSize: 50 })).body.data!.list.find((v) => v.id === id)!;

  beforeAll(async () => {
    ctx = await createTestApp();
    sa = as(
      ctx.app,
      'vendor.example',
      await ctx.app.platform.sessions.create({ kind: 'vendor', subjectId: randomUUID() }),
    );
    acme = await setupTenant(ctx.app, 'acme.example');
    company = await makeCompany(ctx);
    expect((await sa('/sa/ows/edit', { id: acme, companyId: company.id })).body.success).toBe(true);
    const db = ctx.app.platform.db;
    const [group] = await db
      .insert(consoleGroups)
      .values({ tenantId: acme, name: 'Servers', level: 1, path: '/servers/' })
      .returning();
    await db.insert(devices).values(
      (
        [
          ['TDE', '2.1.0', 'running'],
          ['TDE', '2.1.0', 'running'],
          ['TDE', '2.1.0', 'deprecated'],
          ['DI', '2.1.0', 'running'],
        ] as const
      ).map(([kind, version, status], i) => ({
        tenantId: acme,
        groupId: group!.id,
        name: `host-${i}`,
        kind,
        version,
        status,
      })),
    );
    await db.insert(installers).values({
      id: randomUUID(),
      tenantId: acme,
      name: 'TDE for CentOS',
      fileName: 'tde.rpm',
      version: '2.1.0',
      kind: 'TDE',
      systemVersion: 'CentOS 7',
      size: 1,
      sha256: '0'.repeat(64),
      uploader: 'operator',
    });
  });
  afterAll(() => ctx.close());

  it('is for the super administrator only', async () => {
    const admin = as(ctx.app, 'acme.example', await signIn(ctx.app, 'acme.example', 'admin'));
    const portal = as(ctx.app, 'portal.example', company.token);
    for (const caller of [admin, portal]) {
      for (const [url, body] of [
        ['/sa/vers', {}],
        ['/sa/ver/edit', draft('9.0.0')],
        ['/sa/ver/state', { id: randomUUID(), state: 'testing' }],
        ['/sa/ver/del', { id: randomUUID() }],
        ['/sa/ver/users', { id: randomUUID() }],
      ] as const) {
        expect((await caller(url, body)).body.errCode, url).toBe(CommonErr.SessionExpired);
      }
    }
  });

  it('makes drafts; the same kind, system and number twice is refused, a bad number too', async () => {
    const made = await save(draft('3.0.0'));
    expect(made.success).toBe(true);
    expect(await item(made.data!.id)).toMatchObject({ state: 'draft', releasedAt: null });
    const again = await sa('/sa/ver/edit', draft('3.0.0'));
    expect([again.status, again.body.errCode]).toEqual([409, PortalErr.VersionExists]);
    // Another system may have the same number.
    expect((await save(draft('3.0.0', 'Windows 10'))).success).toBe(true);
    for (const number of ['3', 'v3.0.0', '3.0.0; drop table', '']) {
      const bad = await sa('/sa/ver/edit', draft(number));
      expect([bad.status, bad.body.errCode], number).toEqual([400, CommonErr.Invalid]);
    }
  });

  it('moves a version only as VERSION_MOVES allows, every pair', async () => {
    // A version in each state, reached by allowed moves.
    const path: Record<VersionState, VersionState[]> = {
      draft: [],
      testing: ['testing'],
      released: ['testing', 'released'],
      withdrawn: ['testing', 'released', 'withdrawn'],
    };
    let n = 0;
    for (const from of VERSION_STATES) {
      for (const to of VERSION_STATES) {
        const { id } = (await save(draft(`5.${n++}.0`))).data!;
        for (const step of path[from]) expect((await move(id, step)).body.success).toBe(true);
        const res = await move(id, to);
        const allowed = VERSION_MOVES[from].includes(to);
        expect(res.body.success, `${from} -> ${to}`).toBe(allowed);
        if (!allowed) expect(res.body.errCode).toBe(PortalErr.VersionMoveRefused);
        expect((await item(id)).state).toBe(allowed ? to : from);
      }
    }
  });

  it('changes only a draft’s kind, system and number, and deletes only a draft', async () => {
    const { id } = (await save(draft('6.0.0'))).data!;
    expect((await save({ id, ...draft('6.0.1') })).success).toBe(true);
    await move(id, 'testing');
    const renamed = await sa('/sa/ver/edit', { id, ...draft('6.0.2') });
    expect([renamed.status, renamed.body.errCode]).toEqual([409, PortalErr.VersionNotDraft]);
    await move(id, 'released');
    // The notes of a released version may still be corrected.
    expect((await save({ id, ...draft('6.0.1'), notesEn: 'Fixes two crashes' })).success).toBe(
      true,
    );
    const v = await item(id);
    expect(v).toMatchObject({ number: '6.0.1', state: 'released', notesEn: 'Fixes two crashes' });
    expect(v.releasedAt).not.toBeNull();
    const del = await sa('/sa/ver/del', { id });
    expect(del.body.errCode).toBe(PortalErr.VersionNotDraft);
    const gone = (await save(draft('6.9.0'))).data!.id;
    expect((await sa('/sa/ver/del', { id: gone })).body.success).toBe(true);
    expect(await item(gone)).toBeUndefined();
    expect((await sa('/sa/ver/del', { id: gone })).body.errCode).toBe(CommonErr.NotFound);
  });

  it('counts the running engines, customers and installers on each version', async () => {
    const { id } = (await save(draft('2.1.0'))).data!;
    await move(id, 'testing');
    await move(id, 'released');
    await move(id, 'withdrawn');
    // Two running TDE engines report 2.1.0 (a deprecated one and a DI engine do not count).
    expect(await item(id)).toMatchObject({
      state: 'withdrawn',
      engines: 2,
      customers: 1,
      installers: 1,
    });
    // The customers still on a withdrawn version.
    const users = await sa<{ list: { companyId: string; engines: number }[] }>('/sa/ver/users', {
      id,
    });
    expect(users.body.data!.list).toEqual([
      { companyId: company.id, company: 'Test Co', engines: 2 },
    ]);
    const windows = (await save(draft('2.1.0', 'Windows 10'))).data!.id;
    expect(await item(windows)).toMatchObject({ engines: 2, installers: 0 });
  });

  it('filters by kind, state and keyword, and writes every change to the vendor’s audit log', async () => {
    const released = (await sa<Page>('/sa/vers', { state: 'released' })).body.data!;
    expect(released.list.every((v) => v.state === 'released')).toBe(true);
    expect((await sa<Page>('/sa/vers', { kind: 'DI' })).body.data!.total).toBe(0);
    const windows = (await sa<Page>('/sa/vers', { keyword: 'windows' })).body.data!;
    expect(windows.list.map((v) => v.systemType)).toEqual(['Windows 10', 'Windows 10']);
    const log = await sa<{ list: { action: string; target: string }[] }>('/sa/audit', {
      keyword: 'TDE 2.1.0 (CentOS 7)',
    });
    expect(log.body.data!.list.map((e) => e.action)).toEqual([
      '/sa/ver/state',
      '/sa/ver/state',
      '/sa/ver/state',
      '/sa/ver/edit',
    ]);
  });

  it("offers a tenant's console the released versions only, notes in the reader's language", async () => {
    const { id } = (await save({ ...draft('7.0.0'), notesEn: 'New scanner' })).data!;
    await move(id, 'testing');
    const operator = as(ctx.app, 'acme.example', await signIn(ctx.app, 'acme.example', 'operator'));
    const offered = async (lang: string) =>
      (
        await operator<{ list: { number: string; systemType: string; notes: string }[] }>(
          '/dv/m/installer/releases',
          {},
          { 'accept-language': lang },
        )
      ).body.data!.list;
    // In testing: not offered.
    expect((await offered('en-US')).map((v) => v.number)).not.toContain('7.0.0');
    await move(id, 'released');
    expect((await offered('en-US'))[0]).toMatchObject({ number: '7.0.0', notes: 'New scanner' });
    expect((await offered('zh-CN'))[0]).toMatchObject({ number: '7.0.0', notes: '修复若干问题' });
    // Whatever else is listed is released too, never a draft, one in testing or a withdrawn one.
    const all = (await sa<Page>('/sa/vers', { pageSize: 50 })).body.data!.list;
    const released = all.filter((v) => v.state === 'released');
    expect((await offered('en-US')).map((v) => `${v.number} ${v.systemType}`).sort()).toEqual(
      released.map((v) => `${v.number} ${v.systemType}`).sort(),
    );
  });
});
