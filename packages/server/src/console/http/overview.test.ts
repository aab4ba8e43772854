import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeviceOverview } from '@edp/shared/contracts/devices';
import type { TOverviewActivity } from '@edp/shared/contracts/overview';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { PASSWORD, as, pwd, setupTenant, signIn } from '../../test/console-fixture.ts';
import { slotsOf } from '../overview/index.ts';

const host = 'overview.example';
const other = 'overview-other.example';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Entry = Record<string, unknown> & { seq: number };
const access = (seq: number, at: number, outcome = 'allowed'): Entry => ({
  seq,
  at: new Date(at).toISOString(),
  kind: 'access',
  outcome,
  operation: 'read',
  program: '/usr/bin/cat',
  user: 'alice',
  path: `/srv/finance/report-${seq}.xlsx`,
});
// No rule decides them: a DPI change is kept and raised, a TDE change kept (docs/logs.md).
const dpi = (seq: number, at: number): Entry => ({
  seq,
  at: new Date(at).toISOString(),
  kind: 'dpi',
  change: 'altered',
  path: `/etc/app/conf-${seq}.yml`,
  sha256: 'ab'.repeat(32),
});
const tde = (seq: number, at: number): Entry => ({
  seq,
  at: new Date(at).toISOString(),
  kind: 'tde',
  change: 'encrypted',
  path: `/srv/vault/doc-${seq}`,
});

/**
 * The data overview's charts (docs/overview.md) through the engines' own call and the console's:
 * the figures are what was ingested, bucketed by hour, day and month of the range, within the
 * caller's groups and tenant and the tenant's retention.
 */
describe('data overview', () => {
  let ctx: TestContext;
  let op: ReturnType<typeof as>;
  let admin: ReturnType<typeof as>;
  let groupA: string;
  let groupB: string;
  // 09:30 UTC on a Thursday.
  let now = Date.parse('2026-11-26T09:30:00Z');
  const clock = () => now;
  const engines: Record<string, { id: string; token: string }> = {};

  const send = async (name: string, stream: string, entries: Entry[]) => {
    const res = await call<{ acked: number }>(
      ctx.app,
      '/agent/logs',
      { stream, held: entries[0]!.seq, entries },
      { authorization: `Bearer ${engines[name]!.token}` },
    );
    expect(res.body).toMatchObject({ success: true });
  };
  const activity = async (caller: ReturnType<typeof as>, range: string, top = 10) => {
    const res = await caller<TOverviewActivity>('/overview/m/activity', { range, top });
    expect(res.body).toMatchObject({ success: true });
    return res.body.data!;
  };
  /** The buckets that hold anything, by their start. */
  const filled = (a: TOverviewActivity) =>
    Object.fromEntries(
      a.buckets
        .filter((b) => b.access + b.dpi + b.tde + b.alert > 0)
        .map(({ at, ...counts }) => [at, counts]),
    );

  const enrol = async (group: string, names: string[]) => {
    const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
      .data!.secret;
    for (const name of names) {
      const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
        secret,
        identity: {
          name,
          ip: '10.9.0.1',
          systemType: 'Linux',
          version: '1.1.0',
          kind: name.startsWith('lab') ? 'TDE' : 'DPI',
          fingerprint: randomBytes(32).toString('hex'),
        },
        state: { install: 'installed', detection: 'ok', activation: 'active', version: '1.1.0' },
      });
      engines[name] = { id: made.body.data!.deviceId, token: made.body.data!.token };
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, clock);
    await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    groupA = (await admin<{ id: string }>('/user/group/add', { name: 'Finance' })).body.data!.id;
    groupB = (await admin<{ id: string }>('/user/group/add', { name: 'Lab' })).body.data!.id;
    await enrol(groupA, ['fin-01', 'fin-02']);
    await enrol(groupB, ['lab-01']);

    // fin-01: five accesses two hours ago (two denied), the first at 07:00:00.000 sharp, and a
    // DPI change at 08:59:59.999 (the 08:00 hour).
    const h7 = Date.parse('2026-11-26T07:00:00Z');
    await send('fin-01', 's1', [
      access(1, h7),
      access(2, h7 + 1000, 'denied'),
      access(3, h7 + 2000),
      access(4, h7 + 3000, 'denied'),
      access(5, h7 + 4000),
      dpi(6, Date.parse('2026-11-26T08:59:59.999Z')),
    ]);
    // The same batch again stores and counts nothing more.
    await send('fin-01', 's1', [access(1, h7), access(2, h7 + 1000, 'denied')]);
    // fin-02: three DPI changes three days ago (three alerts).
    const d3 = now - 3 * DAY;
    await send('fin-02', 'f2', [dpi(1, d3), dpi(2, d3 + 1), dpi(3, d3 + 2)]);
    // lab-01: two TDE changes 40 days ago (October), a DPI change 10 days ago, and an access
    // 200 days ago: past the default retention of 6 months (186 days).
    await send('lab-01', 'l1', [
      access(1, now - 200 * DAY),
      tde(2, now - 40 * DAY),
      tde(3, now - 40 * DAY + 1),
      dpi(4, now - 10 * DAY),
    ]);
  });
  afterAll(() => ctx.close());

  it('answers what was ingested, bucketed by the range', async () => {
    const day = await activity(op, '24h');
    expect(day.unit).toBe('hour');
    expect(day.buckets).toHaveLength(24);
    expect(day.buckets[0]!.at).toBe('2026-11-25T10:00:00.000Z');
    expect(day.buckets[23]!.at).toBe('2026-11-26T09:00:00.000Z');
    expect(filled(day)).toEqual({
      '2026-11-26T07:00:00.000Z': { access: 5, denied: 2, dpi: 0, tde: 0, alert: 0 },
      '2026-11-26T08:00:00.000Z': { access: 0, denied: 0, dpi: 1, tde: 0, alert: 1 },
    });
    expect(day.totals).toEqual({ access: 5, denied: 2, dpi: 1, tde: 0, alert: 1 });
    expect(day.topDevices).toEqual([{ id: engines['fin-01']!.id, name: 'fin-01', alerts: 1 }]);

    const week = await activity(op, '7d');
    // The events' counts wait as deltas until folded (every second): the figures are the same
    // before and after.
    await ctx.app.services.logCountFolder.foldAll();
    const left = await ctx.database.db.execute(
      sql`select count(*)::int as n from log_count_deltas`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await activity(op, '7d')).toEqual(week);
    expect(week.buckets).toHaveLength(168);
    expect(week.totals).toEqual({ access: 5, denied: 2, dpi: 4, tde: 0, alert: 4 });
    expect(week.topDevices.map((d) => [d.name, d.alerts])).toEqual([
      ['fin-02', 3],
      ['fin-01', 1],
    ]);
    // At most `top` devices.
    expect((await activity(op, '7d', 1)).topDevices.map((d) => d.name)).toEqual(['fin-02']);

    const month = await activity(op, '30d');
    expect(month.unit).toBe('day');
    expect(month.buckets).toHaveLength(30);
    expect(month.buckets[29]!.at).toBe('2026-11-26T00:00:00.000Z');
    expect(filled(month)).toEqual({
      '2026-11-16T00:00:00.000Z': { access: 0, denied: 0, dpi: 1, tde: 0, alert: 1 },
      '2026-11-23T00:00:00.000Z': { access: 0, denied: 0, dpi: 3, tde: 0, alert: 3 },
      '2026-11-26T00:00:00.000Z': { access: 5, denied: 2, dpi: 1, tde: 0, alert: 1 },
    });

    const year = await activity(op, '12m');
    expect(year.unit).toBe('month');
    expect(year.buckets.map((b) => b.at.slice(0, 7))).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    // The access of 200 days ago (May) is past the retention: not counted.
    expect(filled(year)).toEqual({
      '2026-10-01T00:00:00.000Z': { access: 0, denied: 0, dpi: 0, tde: 2, alert: 0 },
      '2026-11-01T00:00:00.000Z': { access: 5, denied: 2, dpi: 5, tde: 0, alert: 5 },
    });
    // A year's retention shows it.
    expect((await admin('/log/s/set', { retentionMonths: 12, backup: true })).body).toMatchObject({
      success: true,
    });
    const kept = await activity(op, '12m');
    expect(kept.totals).toEqual({ access: 6, denied: 2, dpi: 5, tde: 2, alert: 5 });
    expect(filled(kept)['2026-05-01T00:00:00.000Z']).toMatchObject({ access: 1 });

    // The figures equal the logs' own.
    const logged = await op<{ list: unknown[] }>('/log/m/access', { range: '12m', pageSize: 50 });
    expect(logged.body.data!.list).toHaveLength(kept.totals.access);
  });

  it('reads within the groups of the role, and another tenant sees nothing', async () => {
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'lab-ops',
      menu: 'operate',
      permission: 'read',
      groupIds: [groupB],
    });
    await admin('/user/add', {
      account: 'labop',
      name: 'LabOp',
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
      groupId: groupB,
    });
    const labOp = as(ctx.app, host, await signIn(ctx.app, host, 'labop'));
    const lab = await activity(labOp, '12m');
    expect(lab.totals).toEqual({ access: 1, denied: 0, dpi: 1, tde: 2, alert: 1 });
    expect(lab.topDevices).toEqual([{ id: engines['lab-01']!.id, name: 'lab-01', alerts: 1 }]);
    expect((await activity(labOp, '24h')).totals.access).toBe(0);
    // The device figures are scoped the same way: by kind and by licence end.
    const devices = (await labOp<TDeviceOverview>('/dv/m/overview')).body.data!;
    expect(devices.total).toBe(1);
    expect(devices.byKind).toEqual({ TDE: 1 });
    expect(devices.expiring).toEqual({ week: 0, month: 0, quarter: 0 });
    const all = (await op<TDeviceOverview>('/dv/m/overview')).body.data!;
    expect(all.byKind).toEqual({ DPI: 2, TDE: 1 });

    // A second tenant is the vendor's to make.
    const vendor = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, other, { headers: { 'x-token': vendor } });
    const stranger = as(ctx.app, other, await signIn(ctx.app, other, 'operator'));
    const none = await activity(stranger, '12m');
    expect(none.totals).toEqual({ access: 0, denied: 0, dpi: 0, tde: 0, alert: 0 });
    expect(none.topDevices).toEqual([]);
    expect(none.buckets).toHaveLength(12);

    // The system administrator does not read the logs, so not their figures either.
    expect((await admin('/overview/m/activity', { range: '24h' })).status).toBe(403);
  });

  it('moves with the clock: a day later the 24 hours are empty', async () => {
    now += DAY + HOUR;
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator', 'Changed#Pass2'));
    const day = await activity(op, '24h');
    expect(day.totals).toEqual({ access: 0, denied: 0, dpi: 0, tde: 0, alert: 0 });
    expect(day.buckets[23]!.at).toBe('2026-11-27T10:00:00.000Z');
    expect((await activity(op, '7d')).totals.access).toBe(5);
  });

  it('cuts ranges into whole hours, days and UTC months', () => {
    const t = Date.parse('2026-03-01T00:00:00Z');
    expect(slotsOf('24h', t).starts.at(-1)).toBe(t);
    expect(new Date(slotsOf('12m', t).starts[0]!).toISOString()).toBe('2025-04-01T00:00:00.000Z');
    expect(new Date(slotsOf('30d', t).starts[0]!).toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });
});
