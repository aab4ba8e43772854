import { createPublicKey } from 'node:crypto';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckInAnswer } from '@edp/shared/contracts/agent';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import type { TAckItem, TAckPage } from '@edp/shared/contracts/elevation';
import { AckErr, CommonErr, ConsoleErr } from '@edp/shared/errors';
import { openWindow } from '@edp/shared/window/console-window';
import { call, createPeerApp, createTestApp, type TestContext } from '../../test/harness.ts';
import {
  NEW_PASSWORD,
  PASSWORD,
  as,
  commandMade,
  pwd,
  setupTenant,
  signIn,
  userIdOf,
} from '../../test/console-fixture.ts';

const host = 'ack.example';
const hostB = 'ack-b.example';
const state = { install: 'installed', detection: 'ok', activation: 'inactive', version: '1.0.0' };
const identity = (name: string) => ({
  name,
  ip: '10.9.0.1',
  systemType: 'Linux',
  version: '1.0.0',
  kind: 'TDE' as const,
  fingerprint: randomBytes(32).toString('hex'),
});
const HOUR = 3_600_000;

/**
 * Elevation and learning mode under review (docs/elevation.md) through the console's calls and
 * the engine protocol, on a clock moved by hand: who may ask and review, nobody their own request
 * (by proxy included), tenants and groups apart, the signed window delivered to an engine and
 * ending by itself, adjust and offLm, expiry of what nobody reviewed.
 */
describe('elevation and learning mode under review', () => {
  let ctx: TestContext;
  let tenantA: string;
  let admin: ReturnType<typeof as>;
  let op: ReturnType<typeof as>;
  let auditor: ReturnType<typeof as>;
  let groupA: string;
  let groupB: string;
  let consoleKey: string;
  let now = Date.parse('2026-11-26T08:00:00Z');
  const clock = () => now;
  const engines: Record<string, { id: string; token: string; fingerprint: string }> = {};

  const checkIn = (name: string, results: unknown[] = []) =>
    call<TCheckInAnswer>(
      ctx.app,
      '/agent/checkin',
      { state, results },
      { authorization: `Bearer ${engines[name]!.token}` },
    );
  const info = async (id: string) => (await auditor<TAckItem>('/ack/s/info', { id })).body.data!;
  const roleIdOf = async (key: string) => {
    const roles = await admin<{ list: { id: string; builtInKey: string | null }[] }>(
      '/user/role/list',
      { pageSize: 50 },
    );
    return roles.body.data!.list.find((r) => r.builtInKey === key)!.id;
  };
  /** A user of a new role, signed in (`proxyRoleId`: a proxy of that role, open now). */
  const person = async (
    account: string,
    role: { menu: string; groupIds?: string[] },
    proxyRoleId?: string,
  ) => {
    const made = await admin<{ id: string }>('/user/role/add', {
      name: `${account}-role`,
      menu: role.menu,
      permission: 'write',
      groupIds: role.groupIds ?? [],
    });
    expect(made.body).toMatchObject({ success: true });
    await admin('/user/add', {
      account,
      name: account,
      password: pwd(PASSWORD),
      roleId: made.body.data!.id,
    });
    if (proxyRoleId) {
      const proxied = await admin('/user/proxy/add', {
        userId: await userIdOf(ctx.app, tenantA, account),
        roleId: proxyRoleId,
        startAt: new Date(now - HOUR).toISOString(),
        endAt: new Date(now + 48 * HOUR).toISOString(),
      });
      expect(proxied.body).toMatchObject({ success: true });
    }
    return as(ctx.app, host, await signIn(ctx.app, host, account));
  };
  /** Sessions end after 30 idle minutes of the clock: sign in again after a jump. */
  const freshSessions = async () => {
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator', NEW_PASSWORD));
    auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor', NEW_PASSWORD));
  };
  const ask = (who: ReturnType<typeof as>, kind: 'ele' | 'lm', name: string, window: object) =>
    who<{ id: string }>(`/ack/m/${kind}`, {
      deviceId: engines[name]!.id,
      window,
      reason: `${kind} on ${name}`,
    });

  beforeAll(async () => {
    ctx = await createTestApp({ SYNC_WAIT_MS: '1500' }, undefined, undefined, clock);
    tenantA = await setupTenant(ctx.app, host);
    const saToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, hostB, { prefix: 'b-', headers: { 'x-token': saToken } });
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    groupA = (await admin<{ id: string }>('/user/group/add', { name: 'Finance' })).body.data!.id;
    groupB = (await admin<{ id: string }>('/user/group/add', { name: 'Lab' })).body.data!.id;
    for (const [group, names] of [
      [groupA, ['fin-01', 'fin-02', 'fin-03']],
      [groupB, ['lab-01']],
    ] as const) {
      const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
        .data!.secret;
      for (const name of names) {
        const id = identity(name);
        const made = await call<{ deviceId: string; token: string; consoleKey: string }>(
          ctx.app,
          '/agent/enrol',
          { secret, identity: id, state },
        );
        engines[name] = {
          id: made.body.data!.deviceId,
          token: made.body.data!.token,
          fingerprint: id.fingerprint,
        };
        consoleKey = made.body.data!.consoleKey;
      }
    }
    now += 2_000;
    for (const name of Object.keys(engines)) await checkIn(name);
  });
  afterAll(() => ctx.close());

  it('hands every engine the same console key at enrolment, on every node', async () => {
    expect(consoleKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const peer = await createPeerApp(ctx, {}, clock);
    try {
      const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: groupB })).body
        .data!.secret;
      const again = await call<{ consoleKey: string }>(peer, '/agent/enrol', {
        secret,
        identity: identity('lab-02'),
        state,
      });
      expect(again.body.data!.consoleKey).toBe(consoleKey);
    } finally {
      await peer.close();
    }
  });

  it('lets the operator ask and the auditor review, never the other way round, and not twice at once', async () => {
    const asked = await ask(op, 'ele', 'fin-01', { hours: 1 });
    expect(asked.body).toMatchObject({ success: true });
    expect(await info(asked.body.data!.id)).toMatchObject({
      kind: 'elevation',
      state: 'pending',
      phase: 'pending',
      windowS: 3600,
      deviceName: 'fin-01',
      askedBy: { account: 'operator' },
      expiresAt: new Date(now + 72 * HOUR).toISOString(),
    });
    expect((await ask(op, 'ele', 'fin-01', { minutes: 5 })).body.errCode).toBe(
      AckErr.AlreadyPending,
    );
    // Longer than the review settings allow (a day by default), in the reader's language.
    const long = await op(
      '/ack/m/lm',
      {
        deviceId: engines['fin-01']!.id,
        window: { days: 2 },
        reason: 'x',
      },
      { 'accept-language': 'en-US' },
    );
    expect(long.body).toMatchObject({
      errCode: AckErr.WindowTooLong,
      msg: 'The window is longer than the 86400 s the review settings allow',
      data: { seconds: 86400 },
    });
    // A window of nothing, or a field out of range: refused by the contract.
    const empty = await ask(op, 'ele', 'fin-02', {});
    expect(empty.body).toMatchObject({
      errCode: CommonErr.Invalid,
      data: { field: 'body.window' },
    });
    // The asker's duty does not review; the reviewer's does not ask.
    expect(
      (await op('/ack/s/check', { id: asked.body.data!.id, approve: true, reason: 'ok' })).body
        .errCode,
    ).toBe(CommonErr.Forbidden);
    expect((await ask(auditor, 'ele', 'fin-02', { hours: 1 })).body.errCode).toBe(
      CommonErr.Forbidden,
    );
    // The asker's own list.
    const mine = await op<TAckPage>('/ack/m/list', {});
    expect(mine.body.data!.list.map((r) => r.deviceName)).toEqual(['fin-01']);
  });

  it('never lets anyone approve their own request, by proxy included', async () => {
    const operatorRole = await roleIdOf('operator');
    const auditorRole = await roleIdOf('auditor');
    // Self: an auditor who also acts as a security operator by proxy asks, then reviews.
    const dual = await person('dual', { menu: 'audit' }, operatorRole);
    const own = await ask(dual, 'ele', 'fin-02', { hours: 1 });
    expect(own.body).toMatchObject({ success: true });
    const selfCheck = await dual('/ack/s/check', {
      id: own.body.data!.id,
      approve: true,
      reason: 'mine',
    });
    expect(selfCheck.body.errCode).toBe(AckErr.OwnRequest);
    // The auditor reviews that one: a different person.
    expect(
      (await auditor('/ack/s/check', { id: own.body.data!.id, approve: false, reason: 'no' })).body,
    ).toMatchObject({ success: true, data: { state: 'rejected', phase: 'rejected' } });

    // A reviewer holding the asker's role by proxy acts for the asker: refused.
    const fromOperator = await ask(op, 'lm', 'fin-03', { hours: 1 });
    const deputy = await person('deputy', { menu: 'audit' }, operatorRole);
    expect(
      (await deputy('/ack/s/check', { id: fromOperator.body.data!.id, approve: true, reason: 'x' }))
        .body.errCode,
    ).toBe(AckErr.OwnRequest);
    // An asker holding the reviewer's role by proxy asked for the reviewer: refused to them.
    const standIn = await person('stand-in', { menu: 'operate' }, auditorRole);
    const forAuditor = await ask(standIn, 'ele', 'lab-01', { hours: 1 });
    expect(forAuditor.body).toMatchObject({ success: true });
    expect(
      (await auditor('/ack/s/check', { id: forAuditor.body.data!.id, approve: true, reason: 'x' }))
        .body.errCode,
    ).toBe(AckErr.OwnRequest);
    // … and to the stand-in themselves, of course.
    expect(
      (await standIn('/ack/s/check', { id: forAuditor.body.data!.id, approve: true, reason: 'x' }))
        .body.errCode,
    ).toBe(AckErr.OwnRequest);
    // Another reviewer may: dismissed, so the device is free again.
    expect(
      (
        await deputy('/ack/s/check', {
          id: forAuditor.body.data!.id,
          approve: false,
          reason: 'later',
        })
      ).body,
    ).toMatchObject({ success: true });
    expect(
      (
        await auditor('/ack/s/check', {
          id: fromOperator.body.data!.id,
          approve: false,
          reason: 'n',
        })
      ).body,
    ).toMatchObject({ success: true });
  });

  it('keeps tenants and groups apart', async () => {
    const outsider = as(ctx.app, hostB, await signIn(ctx.app, hostB, 'b-auditor'));
    const theirs = (await auditor<TAckPage>('/ack/s/check/list', {})).body.data!.list;
    expect(theirs.length).toBeGreaterThan(0);
    expect((await outsider<TAckPage>('/ack/s/check/list', {})).body.data!.list).toEqual([]);
    const id = theirs[0]!.id;
    expect((await outsider('/ack/s/info', { id })).body.errCode).toBe(CommonErr.NotFound);
    expect((await outsider('/ack/s/check', { id, approve: true, reason: 'x' })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    // An auditor whose role covers the lab only sees the lab's requests.
    const labAuditor = await person('lab-auditor', { menu: 'audit', groupIds: [groupB] });
    const seen = (await labAuditor<TAckPage>('/ack/s/check/list', {})).body.data!.list;
    expect(new Set(seen.map((r) => r.deviceName))).toEqual(new Set(['lab-01']));
    const fin = theirs.find((r) => r.deviceName.startsWith('fin'))!;
    expect((await labAuditor('/ack/s/info', { id: fin.id })).body.errCode).toBe(CommonErr.NotFound);
    // An operator of the lab cannot ask for a finance device.
    const labOp = await person('lab-op', { menu: 'operate', groupIds: [groupB] });
    expect((await ask(labOp, 'ele', 'fin-03', { hours: 1 })).body.errCode).toBe(
      ConsoleErr.DeviceHidden,
    );
  });

  it('pages the review list by keys, with its filters', async () => {
    const all = (await auditor<TAckPage>('/ack/s/check/list', { pageSize: 100 })).body.data!;
    expect(all.next).toBeNull();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (
        await auditor<TAckPage>('/ack/s/check/list', { pageSize: 2, ...(cursor ? { cursor } : {}) })
      ).body.data!;
      seen.push(...page.list.map((r) => r.id));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.list.map((r) => r.id));
    const pending = (await auditor<TAckPage>('/ack/s/check/list', { state: 'pending' })).body.data!;
    expect(pending.list.map((r) => r.deviceName)).toEqual(['fin-01']);
    const learning = (await auditor<TAckPage>('/ack/s/check/list', { kind: 'learning' })).body
      .data!;
    expect(learning.list.every((r) => r.kind === 'learning')).toBe(true);
    const one = (await auditor<TAckPage>('/ack/s/check/list', { deviceId: engines['lab-01']!.id }))
      .body.data!;
    expect(one.list.every((r) => r.deviceName === 'lab-01')).toBe(true);
    const none = (
      await auditor<TAckPage>('/ack/s/check/list', { from: new Date(now + HOUR).toISOString() })
    ).body.data!;
    expect(none.list).toEqual([]);
    const bad = await auditor('/ack/s/check/list', { cursor: 'bm9wZQ' });
    expect(bad.body).toMatchObject({ errCode: CommonErr.Invalid, data: { field: 'body.cursor' } });
  });

  it('carries an approved window, signed by the console, to the engine; adjusts it; it ends by itself', async () => {
    const pending = (await auditor<TAckPage>('/ack/s/check/list', { state: 'pending' })).body.data!
      .list[0]!;
    const approvedAt = now;
    const approved = await auditor<TAckItem>('/ack/s/check', {
      id: pending.id,
      approve: true,
      reason: 'maintenance window agreed',
    });
    expect(approved.body.data).toMatchObject({
      state: 'approved',
      phase: 'approved',
      reviewedBy: { account: 'auditor' },
      validUntil: new Date(approvedAt + HOUR).toISOString(),
      delivery: { state: 'waiting' },
    });
    // Reviewed once only.
    expect(
      (await auditor('/ack/s/check', { id: pending.id, approve: false, reason: 'x' })).body.errCode,
    ).toBe(AckErr.NotPending);

    now += 1_500;
    const command = (await checkIn('fin-01')).body.data!.commands[0]!;
    expect(command).toMatchObject({ type: 'window.open', deadline: approvedAt + HOUR });
    const w = openWindow(command.args.window, createPublicKey(consoleKey));
    expect(w).toMatchObject({
      id: pending.id,
      kind: 'elevation',
      deviceId: engines['fin-01']!.id,
      fingerprint: engines['fin-01']!.fingerprint,
      validFrom: approvedAt,
      validUntil: approvedAt + HOUR,
    });
    now += 1_500;
    await checkIn('fin-01', [{ id: command.id, code: 0, message: 'open' }]);
    expect(await info(pending.id)).toMatchObject({
      phase: 'active',
      delivery: { state: 'finished', code: 0 },
    });

    // Adjust: never past what was approved; shorter, the engine takes the window signed again.
    const longer = await op('/sync/m/adjust', { id: pending.id, window: { hours: 2 } });
    expect(longer.body.errCode).toBe(AckErr.LongerThanApproved);
    expect((await op('/sync/m/offLm', { id: pending.id })).body.errCode).toBe(AckErr.NotRunning);
    const adjustAt = now;
    const adjusting = op<TAckItem>('/sync/m/adjust', { id: pending.id, window: { minutes: 10 } });
    await commandMade(op, engines['fin-01']!.id);
    now += 1_001;
    const adjust = (await checkIn('fin-01')).body.data!.commands[0]!;
    const shorter = openWindow(adjust.args.window, createPublicKey(consoleKey))!;
    expect(shorter.validUntil).toBe(adjustAt + 10 * 60_000);
    expect(shorter.issuedAt).toBeGreaterThan(w!.issuedAt);
    await call(
      ctx.app,
      '/agent/results',
      {
        results: [
          {
            id: adjust.id,
            code: 0,
            detail: {
              id: shorter.id,
              kind: 'elevation',
              validFrom: new Date(shorter.validFrom).toISOString(),
              validUntil: new Date(shorter.validUntil).toISOString(),
            },
          },
        ],
      },
      { authorization: `Bearer ${engines['fin-01']!.token}` },
    );
    const adjusted = await adjusting;
    expect(adjusted.body).toMatchObject({
      success: true,
      data: { phase: 'active', validUntil: new Date(shorter.validUntil).toISOString() },
    });

    // Its end passes: it is over by itself, with nobody doing anything.
    now = shorter.validUntil + 1;
    await freshSessions();
    expect(await info(pending.id)).toMatchObject({ phase: 'ended', endedAt: null });
    expect((await op('/sync/m/adjust', { id: pending.id, window: {} })).body.errCode).toBe(
      AckErr.NotRunning,
    );

    // Every step is in the audit log, in the reader's language.
    const admin2 = await auditor<{ list: TAuditItem[] }>(
      '/owner/l/log',
      { keyword: 'fin-01' },
      { 'accept-language': 'en-US' },
    );
    const labels = admin2.body.data!.list.map((e) => e.actionLabel);
    expect(labels).toEqual(expect.arrayContaining(['Ask for elevation', 'Adjust window']));
  });

  it('reaches an engine offline at approval at its next check-in, and withdraws it once the window is over', async () => {
    const asked = await ask(op, 'lm', 'fin-02', { minutes: 30 });
    const approvedAt = now;
    await auditor('/ack/s/check', { id: asked.body.data!.id, approve: true, reason: 'ok' });
    // The engine is away for the whole window: its command times out at the window's end.
    now = approvedAt + 30 * 60_000 + 1;
    await freshSessions();
    await ctx.app.services.engines.commands.sweep();
    expect(await info(asked.body.data!.id)).toMatchObject({
      phase: 'ended',
      delivery: { state: 'timeout' },
    });
    expect((await checkIn('fin-02')).body.data!.commands).toEqual([]);

    // Another, and the engine comes back within it: it gets it then.
    const again = await ask(op, 'lm', 'fin-02', { minutes: 30 });
    await auditor('/ack/s/check', { id: again.body.data!.id, approve: true, reason: 'ok' });
    now += 10 * 60_000;
    const late = (await checkIn('fin-02')).body.data!.commands[0]!;
    expect(late.type).toBe('window.open');
    now += 1_500;
    await checkIn('fin-02', [{ id: late.id, code: 0 }]);
    expect((await info(again.body.data!.id)).phase).toBe('active');
    // Learning mode ended early.
    const endAt = now;
    const ending = op<TAckItem>('/sync/m/offLm', { id: again.body.data!.id });
    await commandMade(op, engines['fin-02']!.id);
    now += 1_001;
    const off = (await checkIn('fin-02')).body.data!.commands[0]!;
    expect(openWindow(off.args.window, createPublicKey(consoleKey))!.validUntil).toBe(endAt);
    const window = openWindow(off.args.window, createPublicKey(consoleKey))!;
    await call(
      ctx.app,
      '/agent/results',
      {
        results: [
          {
            id: off.id,
            code: 0,
            detail: {
              id: window.id,
              kind: 'learning',
              validFrom: new Date(window.validFrom).toISOString(),
              validUntil: new Date(window.validUntil).toISOString(),
            },
          },
        ],
      },
      { authorization: `Bearer ${engines['fin-02']!.token}` },
    );
    expect((await ending).body).toMatchObject({
      success: true,
      data: { phase: 'ended', endedAt: new Date(endAt).toISOString() },
    });
  });

  it('rejects as expired what nobody reviewed in time, as the review settings say', async () => {
    expect(
      (await auditor('/ack/s/set', { maxWindowS: 7200, pendingExpiryHours: 1 })).body,
    ).toMatchObject({ success: true });
    expect((await auditor('/ack/s/get-set', {})).body.data).toEqual({
      maxWindowS: 7200,
      pendingExpiryHours: 1,
    });
    expect((await ask(op, 'ele', 'fin-03', { hours: 3 })).body.errCode).toBe(AckErr.WindowTooLong);
    const asked = await ask(op, 'ele', 'fin-03', { hours: 1 });
    now += 2 * HOUR;
    await freshSessions();
    expect(await info(asked.body.data!.id)).toMatchObject({
      state: 'rejected',
      phase: 'expired',
      reviewedBy: null,
    });
    expect(
      (await auditor('/ack/s/check', { id: asked.body.data!.id, approve: true, reason: 'late' }))
        .body.errCode,
    ).toBe(AckErr.NotPending);
    // The device is free to be asked for again.
    expect((await ask(op, 'ele', 'fin-03', { hours: 1 })).body).toMatchObject({ success: true });
  });
});
