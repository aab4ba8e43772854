import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLogBackups } from '@edp/shared/contracts/logs';
import {
  call,
  createPeerApp,
  createTestApp,
  testDriver,
  type TestContext,
} from '../../test/harness.ts';
import { NEW_PASSWORD, as, setupTenant, signIn } from '../../test/console-fixture.ts';
import { weekName, weekOf, whileExclusive } from '../../platform/db/index.ts';
import { MAINTENANCE_LOCK, restoreLogBackup, type MaintenanceReport } from '../logs/index.ts';

const DAY = 86_400_000;
const hostA = 'keep-a.example';
const hostB = 'keep-b.example';

type Caller = ReturnType<typeof as>;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The logs' retention (docs/logs.md "Retention and backup"): weeks past the longest retention of
 * any tenant backed up for each tenant whose backup is on and then dropped whole, a failing
 * backup keeping its week, a restore bringing the rows back once and holding the week, and the
 * audit log's own retention, per tenant, set by the auditor alone.
 */
describe('log retention', () => {
  let ctx: TestContext;
  let backupDir: string;
  let now = Date.parse('2026-11-26T09:00:00Z'); // a Thursday
  const clock = () => now;
  const tenants: Record<string, { id: string; device: { id: string; token: string } }> = {};
  const db = () => ctx.app.platform.db;
  const run = (): Promise<MaintenanceReport> => ctx.app.services.logMaintenance.runNow();

  const signedIn = async (host: string, account: string): Promise<Caller> => {
    const token = await signIn(ctx.app, host, account).catch(() =>
      signIn(ctx.app, host, account, NEW_PASSWORD),
    );
    return as(ctx.app, host, token);
  };
  /** The partitions of a log, by name. */
  const weeks = async (table: string) =>
    rowsOf<{ name: string }>(
      await db().execute(sql`
        select c.relname as name from pg_inherits i
          join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        where p.relname = ${table} order by 1`),
    ).map((r) => r.name);
  /** Every table named as a week of a log, attached or not. */
  const weekTables = async () =>
    rowsOf<{ name: string }>(
      await db().execute(
        sql`select relname as name from pg_class where relkind = 'r' and relname ~ '_logs_w[0-9]{8}$' order by 1`,
      ),
    ).map((r) => r.name);
  /** A tenant's rows of a span of a log, as PostgreSQL writes them whole. */
  const rowsIn = async (table: string, tenantId: string, from: string, to: string) =>
    rowsOf<{ line: string }>(
      await db().execute(
        sql.raw(`select row_to_json(e)::text as line from ${table} e
          where tenant_id = '${tenantId}' and at >= '${from}' and at < '${to}' order by at, id`),
      ),
    ).map((r) => r.line);

  /** Events of a device at these days back from now: one access and one DPI event each. */
  let seq = 0;
  const send = async (tenant: string, daysBack: number[]) => {
    const entries = daysBack.flatMap((d) => {
      const at = new Date(now - d * DAY).toISOString();
      return [
        {
          seq: ++seq,
          at,
          kind: 'access',
          outcome: 'denied',
          operation: 'write',
          program: '/usr/bin/vi',
          user: 'bob',
          path: `/srv/${tenant}/${d}.txt`,
        },
        {
          seq: ++seq,
          at,
          kind: 'dpi',
          change: 'altered',
          path: `/etc/${tenant}/${d}.conf`,
          sha256: 'cd'.repeat(32),
        },
      ];
    });
    const res = await call<{ acked: number }>(
      ctx.app,
      '/agent/logs',
      { stream: `s-${tenant}`, held: entries[0]!.seq, entries },
      { authorization: `Bearer ${tenants[tenant]!.device.token}` },
    );
    expect(res.body).toMatchObject({ success: true });
  };

  beforeAll(async () => {
    backupDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'edp-backups-')), 'logs');
    ctx = await createTestApp({ LOG_BACKUP_DIR: backupDir }, undefined, undefined, clock);
    for (const [name, host] of [
      ['a', hostA],
      ['b', hostB],
    ] as const) {
      // The second tenant is the vendor's to make.
      const vendor =
        name === 'b'
          ? await ctx.app.platform.sessions.create({ kind: 'vendor', subjectId: randomUUID() })
          : undefined;
      const id = await setupTenant(ctx.app, host, vendor ? { headers: { 'x-token': vendor } } : {});
      const admin = await signedIn(host, 'admin');
      const op = await signedIn(host, 'operator');
      const group = (await admin<{ id: string }>('/user/group/add', { name: 'Servers' })).body.data!
        .id;
      const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
        .data!.secret;
      const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
        secret,
        identity: {
          name: `${name}-01`,
          ip: '10.9.0.2',
          systemType: 'Linux',
          version: '1.1.0',
          kind: 'DPI',
          fingerprint: randomBytes(32).toString('hex'),
        },
        state: { install: 'installed', detection: 'ok', activation: 'active', version: '1.1.0' },
      });
      tenants[name] = {
        id,
        device: { id: made.body.data!.deviceId, token: made.body.data!.token },
      };
    }
    seq = 0;
    // Four weeks of each tenant: ten, six and three weeks back, and yesterday.
    await send('a', [70, 42, 21, 1]);
    seq = 0;
    await send('b', [70, 42, 21, 1]);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('makes the weeks ahead, and drops nothing that a tenant still keeps', async () => {
    const report = await run();
    expect(report).toMatchObject({ ran: true, dropped: [], failed: [] });
    // This week (from Monday 23 November) and the two after it.
    expect(await weeks('access_logs')).toEqual(
      expect.arrayContaining([
        'access_logs_w20261123',
        'access_logs_w20261130',
        'access_logs_w20261207',
      ]),
    );
    expect(await weeks('monitor_logs')).toContain('monitor_logs_w20261207');
    // A keeps one month, B the default half year: every week is still B's.
    const adminA = await signedIn(hostA, 'admin');
    expect((await adminA('/log/s/set', { retentionMonths: 1, backup: true })).body).toMatchObject({
      success: true,
    });
    expect((await run()).dropped).toEqual([]);
    expect(await weeks('access_logs')).toContain('access_logs_w20260914');
  });

  it('keeps a week whose backup fails', async () => {
    const adminB = await signedIn(hostB, 'admin');
    expect((await adminB('/log/s/set', { retentionMonths: 1, backup: false })).body).toMatchObject({
      success: true,
    });
    // A file where the backup directory should be: no backup can be written.
    fs.mkdirSync(path.dirname(backupDir), { recursive: true });
    fs.writeFileSync(backupDir, 'not a directory');
    const report = await run();
    // The weeks between (made by the batch's span) hold no rows: nothing to back up, dropped.
    expect(report.dropped).toEqual(
      ['20260921', '20260928', '20261005', '20261019']
        .flatMap((d) => [`access_logs_w${d}`, `monitor_logs_w${d}`])
        .sort((a, b) =>
          a.startsWith('m') === b.startsWith('m') ? a.localeCompare(b) : a.startsWith('a') ? -1 : 1,
        ),
    );
    expect(report.failed.sort()).toEqual([
      'access_logs_w20260914',
      'access_logs_w20261012',
      'monitor_logs_w20260914',
      'monitor_logs_w20261012',
    ]);
    // Attached again, rows and all; no half-written backup is left anywhere.
    expect(await weeks('access_logs')).toContain('access_logs_w20260914');
    expect(
      await rowsIn('access_logs', tenants.a!.id, '2026-09-14T00:00:00Z', '2026-09-21T00:00:00Z'),
    ).toHaveLength(1);
    fs.rmSync(backupDir);
  });

  let dropped: Record<string, string[]>;
  it('backs up and drops the weeks past every retention, and keeps the others', async () => {
    // A week of more rows than a backup reads at a time (5,000): it is read in keyset batches.
    await db().execute(sql`
      insert into access_logs (tenant_id, device_id, seq, at, operation, outcome, program, user_name, path)
      select ${tenants.a!.id}, ${tenants.a!.device.id}, 1000 + g,
        '2026-09-15T00:00:00Z'::timestamptz + (g / 3) * interval '1 second',
        'read', 'allowed', '/bin/cat', 'eve', '/srv/bulk/' || g
      from generate_series(1, 6000) g`);
    // What the weeks past one month (before Monday 19 October's end) hold, before the cleanup.
    dropped = {};
    for (const table of ['access_logs', 'monitor_logs'])
      for (const t of ['a', 'b'])
        dropped[`${table}/${t}`] = await rowsIn(
          table,
          tenants[t]!.id,
          '2026-01-01T00:00:00Z',
          '2026-10-26T00:00:00Z',
        );
    expect(dropped['access_logs/a']).toHaveLength(6002);

    const report = await run();
    expect(report.failed).toEqual([]);
    expect(report.dropped.sort()).toEqual([
      'access_logs_w20260914',
      'access_logs_w20261012',
      'monitor_logs_w20260914',
      'monitor_logs_w20261012',
    ]);
    // The partitions are gone, not just their rows; the last month's weeks stay.
    const left = await weekTables();
    expect(left).not.toContain('access_logs_w20260914');
    expect(left).not.toContain('monitor_logs_w20261012');
    expect(await weeks('access_logs')).toEqual(
      expect.arrayContaining(['access_logs_w20261102', 'access_logs_w20261123']),
    );
    expect(
      await rowsIn('access_logs', tenants.a!.id, '2026-11-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    ).toHaveLength(2);

    // A backed up (its backup is on), B not: one file per tenant, week and log.
    expect(report.backups.map((b) => b.name.split('/')[0])).toEqual(Array(4).fill(tenants.a!.id));
    expect(fs.readdirSync(backupDir)).toEqual([tenants.a!.id]);
    for (const b of report.backups) {
      const file = path.join(backupDir, b.name);
      const bytes = fs.readFileSync(file);
      const sha = createHash('sha256').update(bytes).digest('hex');
      expect(sha).toBe(b.sha256);
      expect(fs.readFileSync(`${file}.sha256`, 'utf8')).toBe(`${sha}  ${path.basename(file)}\n`);
      const lines = gunzipSync(bytes).toString('utf8').trimEnd().split('\n');
      const header = JSON.parse(lines[0]!) as { log: string; tenantId: string; from: string };
      expect(header.tenantId).toBe(tenants.a!.id);
      expect(JSON.parse(lines.at(-1)!)).toEqual({ end: true, rows: lines.length - 2 });
      expect(lines.slice(1, -1)).toEqual(
        dropped[`${header.log}/a`]!.filter(
          (l) =>
            (JSON.parse(l) as { at: string }).at.startsWith(header.from.slice(0, 4)) &&
            Date.parse((JSON.parse(l) as { at: string }).at) >= Date.parse(header.from) &&
            Date.parse((JSON.parse(l) as { at: string }).at) < Date.parse(header.from) + 7 * DAY,
        ),
      );
    }

    // The tenant lists its own backups; the other tenant has none.
    const list = (await (await signedIn(hostA, 'admin'))<TLogBackups>('/log/s/backups')).body.data!
      .list;
    expect(list).toHaveLength(4);
    expect(list.map((b) => b.rows).sort((x, y) => x - y)).toEqual([1, 1, 1, 6001]);
    expect(list[0]).toMatchObject({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(list.map((b) => b.name)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^access_logs_w20260914_\d{8}T\d{6}Z\.jsonl\.gz$/),
      ]),
    );
    expect(
      (await (await signedIn(hostB, 'admin'))<TLogBackups>('/log/s/backups')).body.data!.list,
    ).toEqual([]);
    // Only the system administrator reads them.
    expect((await (await signedIn(hostA, 'operator'))('/log/s/backups')).status).toBe(403);
  });

  it('restores a backup once however often it is run, and holds its week for a while', async () => {
    const name = fs
      .readdirSync(path.join(backupDir, tenants.a!.id))
      .find((f) => f.startsWith('access_logs_w20260914') && f.endsWith('.gz'))!;
    const file = path.join(backupDir, tenants.a!.id, name);
    const deps = { db: db(), clock, backupDir };
    const first = await restoreLogBackup(deps, file);
    expect(first).toMatchObject({ week: 'access_logs_w20260914', rows: 6001, inserted: 6001 });
    const again = await restoreLogBackup(deps, file);
    expect(again).toMatchObject({ rows: 6001, inserted: 0 });
    const back = await rowsIn(
      'access_logs',
      tenants.a!.id,
      '2026-09-14T00:00:00Z',
      '2026-09-21T00:00:00Z',
    );
    expect(back).toEqual(
      dropped['access_logs/a']!.filter((l) => {
        const at = Date.parse((JSON.parse(l) as { at: string }).at);
        return at >= Date.parse('2026-09-14T00:00:00Z') && at < Date.parse('2026-09-21T00:00:00Z');
      }),
    );
    expect(back).toHaveLength(6001);

    // A changed byte is refused before anything is written.
    const bad = `${file}.copy.jsonl.gz`;
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0xff;
    fs.writeFileSync(bad, bytes);
    fs.copyFileSync(`${file}.sha256`, `${bad}.sha256`);
    await expect(restoreLogBackup(deps, bad)).rejects.toThrow(/checksum mismatch/);
    fs.rmSync(bad);
    fs.rmSync(`${bad}.sha256`);

    // The next cleanups leave the restored week alone for seven days, then back it up again.
    // (The restore made the week of both logs; the monitoring log's, empty, goes.)
    expect((await run()).dropped).toEqual(['monitor_logs_w20260914']);
    now += 8 * DAY;
    const later = await run();
    expect(later.dropped).toContain('access_logs_w20260914');
    expect(later.backups.map((b) => b.name)).toContainEqual(
      expect.stringContaining('access_logs_w20260914_'),
    );
  });

  it('finishes a week a node left detached, and cleans on one node at a time', async () => {
    // A node died between a week's detach and its drop: the week is a table of its own.
    await send('a', [100]);
    const orphan = weekName('access_logs', weekOf(new Date(now - 100 * DAY)));
    await db().execute(sql.raw(`alter table access_logs detach partition ${orphan}`));
    expect(await weeks('access_logs')).not.toContain(orphan);
    const report = await run();
    expect(report.dropped).toContain(orphan);
    expect(report.backups.map((b) => b.name)).toContainEqual(expect.stringContaining(orphan));
    expect(await weekTables()).not.toContain(orphan);

    if (testDriver !== 'pg') return; // PGlite is one process's: no other node to keep out
    const peer = await createPeerApp(ctx, { LOG_BACKUP_DIR: backupDir }, clock);
    try {
      let meanwhile: MaintenanceReport | undefined;
      await whileExclusive(db(), MAINTENANCE_LOCK, async () => {
        meanwhile = await peer.services.logMaintenance.runNow();
      });
      expect(meanwhile).toMatchObject({ ran: false, dropped: [] });
      expect((await peer.services.logMaintenance.runNow()).ran).toBe(true);
    } finally {
      await peer.close();
    }
  });

  it('deletes each tenant’s audit entries past its own audit retention, set by the auditor alone', async () => {
    const insertOld = (tenantId: string, n: number) =>
      db().execute(sql`
        insert into console_audit (tenant_id, at, action, result)
        select ${tenantId}, ${new Date(now - 60 * DAY).toISOString()}::timestamptz, '/test/old', 'success'
        from generate_series(1, ${n})`);
    await insertOld(tenants.a!.id, 12_000);
    await insertOld(tenants.b!.id, 3);
    const count = async (tenantId: string, action?: string) =>
      rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from console_audit
          where tenant_id = ${tenantId} ${action ? sql`and action = ${action}` : sql``}`),
      )[0]!.n;

    // The system administrator and the operator may not set it; the auditor may.
    for (const account of ['admin', 'operator', 'keys']) {
      const res = await (await signedIn(hostA, account))('/owner/s/set', { retentionMonths: 1 });
      expect(res.status).toBe(403);
    }
    const auditor = await signedIn(hostA, 'auditor');
    expect((await auditor('/owner/s/get-set')).body.data).toEqual({ retentionMonths: 12 });
    expect((await auditor('/owner/s/set', { retentionMonths: 3 })).status).toBe(400);
    expect((await auditor('/owner/s/set', { retentionMonths: 1 })).body).toMatchObject({
      success: true,
    });

    const before = await count(tenants.a!.id);
    const report = await run();
    expect(report.auditDeleted).toBe(12_000);
    expect(await count(tenants.a!.id, '/test/old')).toBe(0);
    // A's recent entries (the change of its retention among them) stay; B keeps a year.
    expect(await count(tenants.a!.id)).toBe(before - 12_000);
    expect(await count(tenants.a!.id, '/owner/s/set')).toBeGreaterThan(0);
    expect(await count(tenants.b!.id, '/test/old')).toBe(3);
  });

  it('deletes alerts past their tenant’s log retention, and keeps the rest', async () => {
    const raise = (tenantId: string, daysAgo: number, n: number) =>
      db().execute(sql`
        insert into log_alerts (tenant_id, device_id, at, source, kind, action, path)
        select ${tenantId}, gen_random_uuid(),
          ${new Date(now - daysAgo * DAY).toISOString()}::timestamptz, 'dpi', 'dpi', 'altered',
          '/etc/alert-' || g
        from generate_series(1, ${n}) g`);
    const alerts = async (tenantId: string) =>
      rowsOf<{ n: number }>(
        await db().execute(
          sql`select count(*)::int as n from log_alerts where tenant_id = ${tenantId}`,
        ),
      )[0]!.n;
    const [heldA, heldB] = [await alerts(tenants.a!.id), await alerts(tenants.b!.id)];
    await raise(tenants.a!.id, 60, 5_001);
    await raise(tenants.a!.id, 2, 4);
    await raise(tenants.b!.id, 60, 2);
    // Both keep their logs a month (above): 60 days is past it, 2 days is not.
    const report = await run();
    expect(report.alertsDeleted).toBe(5_003);
    // The alerts the earlier tests' events raised are recent: they stay too.
    expect(await alerts(tenants.a!.id)).toBe(heldA + 4);
    expect(await alerts(tenants.b!.id)).toBe(heldB);
  });
});
