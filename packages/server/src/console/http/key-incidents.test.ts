import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { armor, Decrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFIER_JOB } from '../notify/index.ts';
import type { TCheckInAnswer } from '@edp/shared/contracts/agent';
import type { TIncident, TKeyStatus, TSplit } from '@edp/shared/contracts/keys';
import { CommonErr, ConsoleErr, KeyErr } from '@edp/shared/errors';
import { consoleAudit } from '../../platform/db/schema/index.ts';
import { ageEncrypt, newAgeIdentity } from '../../platform/keys/index.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { PASSWORD, as, pwd, setupTenant, signIn } from '../../test/console-fixture.ts';

const host = 'incidents.example';
const hostB = 'incidents-b.example';
type Who = ReturnType<typeof as>;
type Page = { items: TIncident[]; next: string | null };

function dataKey() {
  const key = randomBytes(32);
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) };
}
const engineState = (keys: { id: string; escrow: string | null }[], windowKey?: string) => ({
  install: 'installed',
  detection: 'ok',
  activation: 'inactive',
  version: '1.0.0',
  keys,
  ...(windowKey ? { windowKey } : {}),
});

/**
 * Key incidents (docs/keys.md "Incidents") through the console's calls, on a clock moved by hand:
 * each kind declared starts its action and warns the key managers; the devices affected are
 * counted when read; an incident is contained when its condition holds (read, or the job) and
 * closed only then; duties, groups and tenants apart; audit entries without key material.
 */
describe('key incidents', () => {
  let ctx: TestContext;
  let now = Date.parse('2026-11-29T08:00:00Z');
  const clock = () => now;
  let tenantA: string;
  let admin: Who;
  let op: Who;
  let auditor: Who;
  const km: Record<string, Who> = {};
  const tokens: Record<string, string> = {};
  const ids: Record<string, { identity: string; recipient: string }> = {};
  let device: { id: string; token: string };
  let otherGroup: string;
  const key = dataKey();

  const openFile = async (identity: string, file: string) => {
    const d = new Decrypter();
    d.addIdentity(identity);
    return d.decrypt(armor.decode(file), 'text');
  };
  /** Every holder of the split downloads and confirms their share (the split then active). */
  async function takeShares(split: TSplit, hostName = host) {
    for (const h of split.holders) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/kss/share/download',
        payload: { protect: { kind: 'recipient', recipient: ids[h.account]!.recipient } },
        headers: { host: hostName, 'x-token': tokens[h.account]! },
      });
      expect(res.statusCode).toBe(200);
      const share = await openFile(ids[h.account]!.identity, res.body);
      expect((await km[h.account]!('/kss/share/confirm', { share })).body.success).toBe(true);
    }
  }
  const status = async () => (await km.keys!<TKeyStatus>('/kss/status')).body.data!;
  const list = async (who: Who = km.keys!, body: object = {}) =>
    (await who<Page>('/kss/incident/list', body)).body.data!;
  const one = async (id: string, who: Who = km.keys!) =>
    (await list(who)).items.find((i) => i.id === id);
  const checkIn = (keys: { id: string; escrow: string | null }[], windowKey?: string) => {
    now += 60_000;
    return call<TCheckInAnswer>(
      ctx.app,
      '/agent/checkin',
      { state: engineState(keys, windowKey) },
      { authorization: `Bearer ${device.token}` },
    );
  };
  const auditOf = (action: string) =>
    ctx.app.platform.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.tenantId, tenantA), eq(consoleAudit.action, action)));
  const events = (i: TIncident) => i.timeline.map((t) => t.event);

  /** A key manager's role over `groupIds` ([]: every group), and its users signed in. */
  async function keyManagers(who: Who, hostName: string, accounts: string[], groupIds: string[]) {
    const role = await who<{ id: string }>('/user/role/add', {
      name: `kss-${accounts[0]}`,
      menu: 'kss',
      permission: 'write',
      groupIds,
    });
    for (const account of accounts) {
      const added = await who('/user/add', {
        account,
        name: account.toUpperCase(),
        password: pwd(PASSWORD),
        roleId: role.body.data!.id,
      });
      expect(added.body).toMatchObject({ success: true });
      tokens[account] = await signIn(ctx.app, hostName, account);
      km[account] = as(ctx.app, hostName, tokens[account]);
      ids[account] = await newAgeIdentity();
    }
  }

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, clock);
    // The test passes the notifier itself: the job's own pass would take the warning first.
    await ctx.app.platform.jobs.pause(NOTIFIER_JOB, 0);
    tenantA = await setupTenant(ctx.app, host);
    const saToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, hostB, { prefix: 'b-', headers: { 'x-token': saToken } });
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    tokens.keys = await signIn(ctx.app, host, 'keys');
    km.keys = as(ctx.app, host, tokens.keys);
    ids.keys = await newAgeIdentity();
    await keyManagers(admin, host, ['k2', 'k3'], []);
    const group = (await admin<{ id: string }>('/user/group/add', { name: 'Finance' })).body.data!
      .id;
    otherGroup = (await admin<{ id: string }>('/user/group/add', { name: 'Lab' })).body.data!.id;
    const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
      .data!.secret;
    const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
      secret,
      identity: {
        name: 'fin-01',
        ip: '10.9.0.1',
        systemType: 'Linux',
        version: '1.0.0',
        kind: 'TDE',
        fingerprint: randomBytes(32).toString('hex'),
      },
      state: engineState([{ id: key.id, escrow: null }]),
    });
    device = { id: made.body.data!.deviceId, token: made.body.data!.token };
    // Warnings on, with key incidents among their causes, to one mailbox.
    const warn = await admin('/warn/s/set', {
      enabled: true,
      maxReminders: 2,
      intervalMinutes: 10,
      language: 'en-US',
      timeZone: 'UTC',
      text: 'EDP warning',
      causes: ['keyIncident'],
      offlineMinutes: 1440,
      channels: ['email'],
      phones: [],
      emails: ['keys-oncall@example.com'],
      webhookUrl: '',
      webhookSecret: '',
    });
    expect(warn.body).toMatchObject({ success: true });
    const init = await km.keys!<TKeyStatus>('/kss/init', {
      split: { threshold: 2, holders: ['keys', 'k2', 'k3'] },
    });
    expect(init.body).toMatchObject({ success: true });
    await takeShares(init.body.data!.pendingSplit!);
    expect((await status()).dualControl).toBe(true);
  });
  afterAll(() => ctx?.close());

  it('a lost share: a new split without its holder, contained once it is active', async () => {
    const declare = (holderId: string, holders: string[]) =>
      km.keys!<TIncident>('/kss/incident/declare', {
        kind: 'share',
        holderId,
        split: { threshold: 2, holders },
        note: 'laptop of k3 stolen',
      });
    expect((await declare('k3', ['keys', 'k3'])).body.errCode).toBe(KeyErr.IncidentHolderInSplit);
    expect((await declare('operator', ['keys', 'k2'])).body.errCode).toBe(KeyErr.IncidentNotHolder);
    const made = await declare('k3', ['keys', 'k2']);
    expect(made.body).toMatchObject({ success: true });
    const incident = made.body.data!;
    expect(incident).toMatchObject({
      kind: 'share',
      state: 'open',
      affected: 0,
      holder: { account: 'k3' },
      declaredBy: { account: 'keys' },
      containedAt: null,
    });
    expect(events(incident)).toEqual(['declared', 'actionStarted', 'warned']);
    const started = JSON.parse(incident.timeline[1]!.detail) as { splitId: string };
    const pending = (await status()).pendingSplit!;
    expect(started).toMatchObject({ splitId: pending.id, threshold: 2, holders: ['k2', 'keys'] });
    expect(JSON.parse(incident.timeline[2]!.detail)).toEqual({ queued: true });

    // Open until the new split is active: closing is refused, a note is not.
    const close = await km.k2!('/kss/incident/close', { id: incident.id, note: 'done' });
    expect(close.body.errCode).toBe(KeyErr.IncidentNotContained);
    const noted = await km.k2!<TIncident>('/kss/incident/note', {
      id: incident.id,
      note: 'k3 told to stop using the laptop',
    });
    expect(noted.body.data!.timeline.at(-1)).toMatchObject({
      event: 'note',
      by: { account: 'k2' },
      detail: 'k3 told to stop using the laptop',
    });
    await takeShares(pending);
    const read = (await one(incident.id))!;
    expect(read).toMatchObject({ state: 'contained', containedAt: expect.any(String) });
    expect(events(read)).toEqual(['declared', 'actionStarted', 'warned', 'note', 'contained']);
    const closed = await km.keys!<TIncident>('/kss/incident/close', {
      id: incident.id,
      note: 'the new split is active',
    });
    expect(closed.body.data).toMatchObject({ state: 'closed', closedAt: expect.any(String) });
    expect(events(closed.body.data!).at(-1)).toBe('closed');
    expect(
      (await km.keys!('/kss/incident/note', { id: incident.id, note: 'x' })).body.errCode,
    ).toBe(KeyErr.IncidentClosed);

    // The warning went to the tenant's warning channel, in its language.
    const report = await ctx.app.services.notifier.pass();
    expect(report.queued).toBeGreaterThanOrEqual(1);
    const deliveries = await admin<{ items: { body?: string; summary?: string }[] }>(
      '/warn/m/deliveries',
      {},
    );
    expect(JSON.stringify(deliveries.body.data)).toContain(
      'Key incident declared: the share of k3 lost or exposed',
    );
  });

  it('refuses a split without the holder when fewer than two key managers would remain', async () => {
    // Tenant B: two key managers, split 2-of-2.
    const bAdmin = as(ctx.app, hostB, await signIn(ctx.app, hostB, 'b-admin'));
    tokens['b-keys'] = await signIn(ctx.app, hostB, 'b-keys');
    km['b-keys'] = as(ctx.app, hostB, tokens['b-keys']);
    ids['b-keys'] = await newAgeIdentity();
    await keyManagers(bAdmin, hostB, ['b-k2'], []);
    const init = await km['b-keys']!<TKeyStatus>('/kss/init', {
      split: { threshold: 2, holders: ['b-keys', 'b-k2'] },
    });
    await takeShares(init.body.data!.pendingSplit!, hostB);
    const refused = await km['b-keys']!('/kss/incident/declare', {
      kind: 'share',
      holderId: 'b-k2',
      split: { threshold: 2, holders: ['b-keys', 'b-admin'] },
      note: 'lost',
    });
    expect(refused.body.errCode).toBe(KeyErr.IncidentTooFewManagers);
    // Tenants apart: B sees none of A's incidents, nor may it note one.
    expect((await list(km['b-keys']!)).items).toEqual([]);
    const [aIncident] = (await list()).items;
    expect(
      (await km['b-keys']!('/kss/incident/note', { id: aIncident!.id, note: 'x' })).body.errCode,
    ).toBe(CommonErr.NotFound);
  });

  it('the escrow key exposed: rotated, affected until every engine re-escrowed, the job contains it', async () => {
    const made = await km.keys!<TIncident>('/kss/incident/declare', {
      kind: 'escrowKey',
      note: 'backup of the database leaked',
    });
    expect(made.body).toMatchObject({ success: true });
    const incident = made.body.data!;
    expect(incident).toMatchObject({ kind: 'escrowKey', state: 'open', affected: 1 });
    const started = JSON.parse(incident.timeline[1]!.detail) as Record<string, string>;
    const escrowKey = (await status()).escrowKey!;
    expect(started).toEqual({ escrowKeyId: escrowKey.id, replacedKeyId: expect.any(String) });
    expect(started.replacedKeyId).not.toBe(escrowKey.id);
    expect(
      (await km.keys!('/kss/incident/close', { id: incident.id, note: 'x' })).body.errCode,
    ).toBe(KeyErr.IncidentNotContained);

    // The engine escrows its key to the new escrow key; the job then contains the incident.
    const answer = (await checkIn([{ id: key.id, escrow: null }])).body.data!;
    expect(answer.escrow?.id).toBe(escrowKey.id);
    const wrapped = await ageEncrypt({ recipient: answer.escrow!.recipient }, key.key);
    await call(
      ctx.app,
      '/agent/keys',
      { keys: [{ id: key.id, escrow: escrowKey.id, wrapped }] },
      { authorization: `Bearer ${device.token}` },
    );
    await checkIn([{ id: key.id, escrow: escrowKey.id }]);
    expect(await ctx.app.services.incidents.containDue()).toBeGreaterThanOrEqual(1);
    const read = (await one(incident.id, auditor))!;
    expect(read).toMatchObject({ state: 'contained', affected: 0 });
    expect(events(read).filter((e) => e === 'contained')).toHaveLength(1);
  });

  it('the window key exposed: rotated with revoke, affected until the engine trusts the new key', async () => {
    const before = (await status()).windowKey;
    const made = await km.keys!<TIncident>('/kss/incident/declare', {
      kind: 'windowKey',
      note: 'signing key copied',
    });
    expect(made.body).toMatchObject({ success: true });
    const incident = made.body.data!;
    const after = (await status()).windowKey!;
    expect(after.id).not.toBe(before?.id);
    expect(JSON.parse(incident.timeline[1]!.detail)).toMatchObject({ revoke: true });
    // The engine still trusts the old key: affected until it reports the new one.
    expect(incident).toMatchObject({ state: 'open', affected: 1 });
    expect(
      (await km.keys!('/kss/incident/close', { id: incident.id, note: 'x' })).body.errCode,
    ).toBe(KeyErr.IncidentNotContained);
    await checkIn([{ id: key.id, escrow: (await status()).escrowKey!.id }], after.id);
    expect((await one(incident.id))!).toMatchObject({ state: 'contained', affected: 0 });
  });

  it('a device compromised: its data keys rotated by a task, its windows ended', async () => {
    // An elevation window running on the device.
    const asked = await op<{ id: string }>('/ack/m/ele', {
      deviceId: device.id,
      window: { hours: 2 },
      reason: 'maintenance',
    });
    expect(asked.body).toMatchObject({ success: true });
    const approved = await auditor('/ack/s/check', {
      id: asked.body.data!.id,
      approve: true,
      reason: 'ok',
    });
    expect(approved.body).toMatchObject({ success: true });

    // A key manager of another group neither declares for it nor sees it.
    await keyManagers(admin, host, ['k4'], [otherGroup]);
    const hidden = await km.k4!('/kss/incident/declare', {
      kind: 'device',
      deviceId: device.id,
      note: 'x',
    });
    expect(hidden.body.errCode).toBe(ConsoleErr.DeviceHidden);

    const made = await km.keys!<TIncident>('/kss/incident/declare', {
      kind: 'device',
      deviceId: device.id,
      note: 'malware found on fin-01',
    });
    expect(made.body).toMatchObject({ success: true });
    const incident = made.body.data!;
    expect(incident).toMatchObject({
      kind: 'device',
      state: 'open',
      device: { id: device.id, name: 'fin-01' },
      affected: 1,
    });
    const started = JSON.parse(incident.timeline[1]!.detail) as {
      taskId: string;
      windowsEnded: number;
      windows: string[];
    };
    expect(started).toMatchObject({ windowsEnded: 1, windows: [asked.body.data!.id] });
    const info = await auditor<{ phase: string }>('/ack/s/info', { id: asked.body.data!.id });
    expect(info.body.data!.phase).toBe('ended');
    expect((await list(km.k4!)).items.map((i) => i.id)).not.toContain(incident.id);
    expect((await km.k4!('/kss/incident/note', { id: incident.id, note: 'x' })).body.errCode).toBe(
      CommonErr.NotFound,
    );

    // The engine gets the rotation (and the window's end); once it finished, contained.
    const commands = (await checkIn([{ id: key.id, escrow: null }])).body.data!.commands;
    const rotate = commands.find((c) => c.type === 'tde.rotate')!;
    expect(rotate).toBeDefined();
    expect(commands.map((c) => c.type)).toContain('window.adjust');
    now += 60_000;
    await call(
      ctx.app,
      '/agent/checkin',
      { state: engineState([]), results: [{ id: rotate.id, code: 0, detail: {} }] },
      { authorization: `Bearer ${device.token}` },
    );
    expect((await one(incident.id))!).toMatchObject({ state: 'contained', affected: 0 });
    const filtered = await list(km.keys!, { state: 'contained' });
    expect(filtered.items.every((i) => i.state === 'contained')).toBe(true);
  });

  it('duties: the key manager writes, the auditor reads, others are refused', async () => {
    expect((await list(auditor)).items.length).toBeGreaterThanOrEqual(4);
    for (const who of [auditor, admin, op])
      expect((await who('/kss/incident/declare', { kind: 'escrowKey', note: 'x' })).status).toBe(
        403,
      );
    for (const who of [admin, op]) expect((await who('/kss/incident/list', {})).status).toBe(403);
    // Keyset pages: one at a time, newest first, none twice.
    const first = await list(km.keys!, { size: 2 });
    expect(first.items).toHaveLength(2);
    const second = await list(km.keys!, { size: 2, cursor: first.next });
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]!.id);
  });

  it('audits declare, note and close, never with key material', async () => {
    const declared = await auditOf('/kss/incident/declare');
    expect(declared.filter((e) => e.result === 'success').length).toBeGreaterThanOrEqual(4);
    expect((await auditOf('/kss/incident/note')).length).toBeGreaterThanOrEqual(1);
    expect((await auditOf('/kss/incident/close')).length).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify([
      ...declared,
      ...(await auditOf('/kss/incident/note')),
      ...(await auditOf('/kss/incident/close')),
    ]);
    expect(text).not.toMatch(/AGE-SECRET-KEY|edp-share\.|PRIVATE KEY/);
  });
});
