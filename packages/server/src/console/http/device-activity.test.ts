import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import type { TDeviceActivity, TDeviceActivityItem } from '@edp/shared/contracts/devices';
import type { TEngineStateInput } from '@edp/shared/contracts/engine';
import type { TCheckInAnswer } from '@edp/shared/contracts/agent';
import type { TRequestFile } from '@edp/shared/contracts/licences';
import { parseRequestFile } from '@edp/shared/licence-request';
import { peekWindow } from '@edp/shared/window/console-window';
import { signLicence } from '../../portal/licence/index.ts';
import { call, createPeerApp, createTestApp, type TestContext } from '../../test/harness.ts';
import {
  NEW_PASSWORD,
  PASSWORD,
  as,
  commandMade,
  pwd,
  setupTenant,
  signIn,
} from '../../test/console-fixture.ts';

const host = 'activity.example';
const otherHost = 'activity-other.example';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Three missed 30 s intervals plus the stored time's lag (PRESENCE_SLACK_S): 155 s. */
const OFFLINE_AFTER = (30 * 3 + 65) * 1000;

const state = (over: Partial<TEngineStateInput> = {}): TEngineStateInput => ({
  install: 'installed',
  detection: 'ok',
  activation: 'inactive',
  version: '1.0.0',
  ...over,
});

/**
 * Issue 22: a device's own activity (/dv/m/activity): what happened to it, newest first, who did
 * it, keyset-paged, scoped as its detail is; offline and back written only on a transition.
 */
describe("a device's activity", () => {
  let ctx: TestContext;
  let admin: ReturnType<typeof as>;
  let op: ReturnType<typeof as>;
  let plantA: string;
  let plantB: string;
  let secret: string;
  /** The server's clock, moved by hand. */
  let now = Date.parse('2026-11-24T08:00:00Z');
  const clock = () => now;
  const later = (ms: number) => (now += ms);
  const flush = () => ctx.app.services.engines.flusher.flush();
  /** Hours pass: the operator's session (30 minutes idle) is gone, so they sign in again. */
  const hoursLater = async (ms: number) => {
    later(ms);
    // The operator's first sign-in changed the initial password (signIn does when it must).
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator', NEW_PASSWORD));
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  };

  const enrol = async (name: string) => {
    const fingerprint = randomBytes(32).toString('hex');
    const res = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
      secret,
      identity: {
        name,
        ip: '10.1.2.3',
        systemType: 'Linux',
        version: '1.0.0',
        kind: 'TDE',
        fingerprint,
      },
      state: state(),
    });
    if (!res.body.success) throw new Error(JSON.stringify(res.body));
    return { ...res.body.data!, fingerprint };
  };
  const checkIn = async (token: string, s = state(), app = ctx.app) => {
    const res = await call(
      app,
      '/agent/checkin',
      { state: s },
      { authorization: `Bearer ${token}` },
    );
    expect(res.body.success, res.body.msg).toBe(true);
  };
  const add = async (name: string, groupId = plantA) => {
    const res = await op<{ id: string }>('/dv/m/add', {
      name,
      groupId,
      kind: 'TDE',
      systemType: 'Linux',
      ip: '10.0.0.1',
    });
    if (!res.body.success) throw new Error(JSON.stringify(res.body));
    return res.body.data!.id;
  };
  /** Every entry of a device, page by page (`limit` a page), newest first. */
  const history = async (id: string, limit = 100, who = op) => {
    const all: TDeviceActivityItem[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const res = await who<TDeviceActivity>('/dv/m/activity', { id, limit, after });
      if (!res.body.success) throw new Error(JSON.stringify(res.body));
      all.push(...res.body.data!.items);
      if (res.body.data!.next === null) return all;
      after = res.body.data!.next;
    }
    throw new Error('paging never ended');
  };
  const kinds = (items: TDeviceActivityItem[]) => items.map((i) => i.kind);

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, undefined, clock);
    await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    plantA = (await admin<{ id: string }>('/user/group/add', { name: 'Plant-A' })).body.data!.id;
    plantB = (await admin<{ id: string }>('/user/group/add', { name: 'Plant-B' })).body.data!.id;
    secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: plantA })).body.data!
      .secret;
  }, 60_000);
  afterAll(() => ctx.close());

  it('records enrolment, edits, a move and deprecation, newest first, with who did each', async () => {
    const enrolledAt = now;
    const { deviceId } = await enrol('web-01');
    later(MINUTE);
    await op('/dv/m/edit', { id: deviceId, name: 'web-02', remark: 'rack 4' });
    later(MINUTE);
    // An edit that changes nothing records nothing.
    await op('/dv/m/edit', { id: deviceId, name: 'web-02' });
    later(MINUTE);
    const moved = await op<{ affected: number }>('/dv/m/mv', {
      target: { ids: [deviceId] },
      groupId: plantB,
    });
    expect(moved.body.data!.affected).toBe(1);
    later(MINUTE);
    await op('/dv/m/del', { target: { ids: [deviceId] } });

    const items = await history(deviceId);
    expect(kinds(items)).toEqual(['deprecated', 'moved', 'edited', 'enrolled']);
    const [deprecated, move, edited, enrolled] = items;
    expect(enrolled).toMatchObject({
      at: new Date(enrolledAt).toISOString(),
      account: null,
      detail: { group: 'Plant-A' },
    });
    expect(edited).toMatchObject({
      at: new Date(enrolledAt + MINUTE).toISOString(),
      account: 'operator',
      detail: { name: { from: 'web-01', to: 'web-02' }, remark: { from: '', to: 'rack 4' } },
    });
    expect(move).toMatchObject({
      at: new Date(enrolledAt + 3 * MINUTE).toISOString(),
      account: 'operator',
      detail: { from: 'Plant-A', to: 'Plant-B' },
    });
    expect(deprecated).toMatchObject({
      at: new Date(enrolledAt + 4 * MINUTE).toISOString(),
      account: 'operator',
      detail: {},
    });
    // A deprecated device's history is still read (its detail is).
    expect(items.every((i) => /^\d+$/.test(i.id))).toBe(true);
  });

  it('writes one entry per device for a bulk move by filter, none for a device already there', async () => {
    const names = ['bulk-1', 'bulk-2', 'bulk-3'];
    const ids = [await add(names[0]!), await add(names[1]!), await add(names[2]!, plantB)];
    later(MINUTE);
    const moved = await op<{ affected: number }>('/dv/m/mv', {
      target: { filter: { keyword: 'bulk-' } },
      groupId: plantB,
    });
    expect(moved.body.data!.affected).toBe(3);
    const [one, , three] = await Promise.all(ids.map((id) => history(id)));
    expect(kinds(one!)).toEqual(['moved', 'added']);
    expect(one![0]).toMatchObject({
      account: 'operator',
      detail: { from: 'Plant-A', to: 'Plant-B' },
    });
    expect(one![1]).toMatchObject({ account: 'operator', detail: { group: 'Plant-A' } });
    // bulk-3 was in Plant-B already: moved "to where it was" is not news.
    expect(kinds(three!)).toEqual(['added']);

    later(MINUTE);
    const gone = await op<{ affected: number }>('/dv/m/del', {
      target: { filter: { keyword: 'bulk-' } },
    });
    expect(gone.body.data!.affected).toBe(3);
    for (const id of ids) expect(kinds(await history(id))[0]).toBe('deprecated');
  });

  it('pages newest first by keyset: every entry once, in order, whatever the page size', async () => {
    const id = await add('paged-01');
    for (let i = 0; i < 6; i++) {
      later(1_000);
      await op('/dv/m/edit', { id, remark: `note ${i}` });
    }
    // Two entries at the same moment: the later written comes first.
    await op('/dv/m/mv', { target: { ids: [id] }, groupId: plantB });
    const all = await history(id, 100);
    expect(all).toHaveLength(8);
    expect(kinds(all)).toEqual(['moved', ...Array<string>(6).fill('edited'), 'added']);
    expect(all[1]!.detail.remark).toEqual({ from: 'note 4', to: 'note 5' });
    const times = all.map((i) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const limit of [1, 2, 3, 7]) expect(await history(id, limit)).toEqual(all);

    const first = await op<TDeviceActivity>('/dv/m/activity', { id, limit: 3 });
    expect(first.body.data!.items).toEqual(all.slice(0, 3));
    expect(first.body.data!.next).toBe(all[2]!.id);
    const last = await op<TDeviceActivity>('/dv/m/activity', { id, limit: 8 });
    expect(last.body.data!.next).toBeNull();
    // A cursor of another device's entry reads nothing of this one.
    const other = await add('paged-02');
    const foreign = (await history(other))[0]!.id;
    const none = await op<TDeviceActivity>('/dv/m/activity', { id, after: foreign });
    expect(none.body.data).toEqual({ items: [], next: null });
    const bad = await op('/dv/m/activity', { id, after: 'abc' });
    expect(bad.body.errCode).toBe(CommonErr.Invalid);
  });

  it('records "went offline" and "back online" once, when a check-in ends a gap, and licence changes', async () => {
    const { deviceId, token } = await enrol('edge-01');
    const enrolledAt = now;
    // Regular check-ins, flushed: no gap, nothing recorded.
    for (let i = 0; i < 6; i++) {
      later(30_000);
      await checkIn(token);
      await flush();
    }
    expect(kinds(await history(deviceId))).toEqual(['enrolled']);
    const lastRegular = now;
    // The stored time is what the last flush wrote (at most a minute behind the last check-in).
    const stored = Date.parse(
      (await op<{ lastSeenAt: string }>('/dv/m/info', { id: deviceId })).body.data!.lastSeenAt,
    );
    expect(stored).toBeGreaterThan(enrolledAt);

    // An hour without a check-in, then one with the same state: the batched last-seen write
    // finds the gap and writes the pair.
    await hoursLater(HOUR);
    const backAt = now;
    await checkIn(token);
    expect(kinds(await history(deviceId))).toEqual(['enrolled']);
    await flush();
    let items = await history(deviceId);
    expect(kinds(items)).toEqual(['online', 'offline', 'enrolled']);
    const dbSeen = items[1]!.detail.lastSeen!;
    expect(Date.parse(dbSeen)).toBeGreaterThanOrEqual(stored);
    expect(Date.parse(dbSeen)).toBeLessThanOrEqual(lastRegular);
    expect(items[1]).toMatchObject({
      account: null,
      at: new Date(Date.parse(dbSeen) + OFFLINE_AFTER).toISOString(),
    });
    expect(items[0]).toMatchObject({ account: null, at: new Date(backAt).toISOString() });
    // Flushing again, and regular check-ins after, write nothing more.
    await flush();
    for (let i = 0; i < 4; i++) {
      later(30_000);
      await checkIn(token);
      await flush();
    }
    expect(await history(deviceId)).toEqual(items);

    // A gap ended by a changed state (written at once, not batched): the pair again, and the
    // licence it now reports.
    await hoursLater(2 * HOUR);
    const licence = { serial: 7, expiresAt: '2030-01-01T00:00:00.000Z' };
    await checkIn(token, state({ activation: 'active', licence }));
    await flush();
    items = await history(deviceId);
    expect(kinds(items)).toEqual(['licence', 'online', 'offline', 'online', 'offline', 'enrolled']);
    expect(items[0]).toMatchObject({
      account: null,
      at: new Date(now).toISOString(),
      detail: { licence, previous: null },
    });
    expect(items[1]!.at).toBe(new Date(now).toISOString());
    // The changed state wrote the exact time: a renewal just after is no gap.
    later(30_000);
    const renewed = { serial: 8, expiresAt: '2031-01-01T00:00:00.000Z' };
    await checkIn(token, state({ activation: 'active', licence: renewed }));
    later(30_000);
    await checkIn(token, state({ activation: 'active', licence: null }));
    items = await history(deviceId);
    expect(kinds(items).slice(0, 3)).toEqual(['licence', 'licence', 'licence']);
    expect(items[1]!.detail).toEqual({ licence: renewed, previous: licence });
    expect(items[0]!.detail).toEqual({ licence: null, previous: renewed });
    // A state change without a licence change is no licence entry.
    later(30_000);
    await checkIn(token, state({ version: '1.0.1' }));
    expect(kinds(await history(deviceId))).toEqual(kinds(items));
  });

  it('writes no pair for a gap that began before the node started: the console may have been down', async () => {
    const { deviceId, token } = await enrol('edge-02');
    later(30_000);
    await checkIn(token);
    // An hour later the console starts again (a new node on the same database) and the engine
    // checks in with it: the gap began before this node was up, so nothing is written.
    await hoursLater(HOUR);
    const restarted = await createPeerApp(ctx, {}, clock);
    try {
      await checkIn(token, state(), restarted);
      await restarted.services.engines.flusher.flush();
      expect(kinds(await history(deviceId))).toEqual(['enrolled']);
      // A gap wholly inside the new node's life is the engine's own.
      later(10 * MINUTE);
      await checkIn(token, state(), restarted);
      await restarted.services.engines.flusher.flush();
      expect(kinds(await history(deviceId))).toEqual(['online', 'offline', 'enrolled']);
    } finally {
      await restarted.close();
    }
  });

  it('answers another tenant and a user outside the device’s groups as the detail does', async () => {
    const id = await add('scoped-01', plantB);
    // A second tenant is the vendor's to make.
    const vendor = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, otherHost, { headers: { 'x-token': vendor } });
    const stranger = as(ctx.app, otherHost, await signIn(ctx.app, otherHost, 'operator'));
    const foreign = await stranger('/dv/m/activity', { id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errCode).toBe(CommonErr.NotFound);
    const unknown = await op('/dv/m/activity', { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.body.errCode).toBe(CommonErr.NotFound);

    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'op-plant-a',
      menu: 'operate',
      permission: 'read',
      groupIds: [plantA],
    });
    await admin('/user/add', {
      account: 'opa',
      name: 'OpA',
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
      groupId: plantA,
    });
    const opA = as(ctx.app, host, await signIn(ctx.app, host, 'opa'));
    const hidden = await opA('/dv/m/activity', { id });
    const detail = await opA('/dv/m/info', { id });
    expect(hidden.status).toBe(detail.status);
    expect(hidden.body).toEqual(detail.body);
    expect(hidden.body.errCode).toBe(ConsoleErr.DeviceHidden);
    // Moved into the user's groups, it is theirs to read, with its past.
    await op('/dv/m/mv', { target: { ids: [id] }, groupId: plantA });
    expect(kinds(await history(id, 100, opA))).toEqual(['moved', 'added']);
    // Reading is the operator's duty: the auditor may not.
    const auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    expect((await auditor('/dv/m/activity', { id })).status).toBe(403);
  });

  type Answer = (c: TCheckInAnswer['commands'][number]) => Record<string, unknown>;
  const ok: Answer = () => ({ code: 0 });
  /** The engine checks in once the console made a command, and answers each at once. */
  const runs = async (
    engine: { deviceId: string; token: string },
    answer: Answer,
    s: TEngineStateInput = state(),
  ) => {
    const bearer = { authorization: `Bearer ${engine.token}` };
    await commandMade(op, engine.deviceId);
    later(1_001);
    const res = await call<TCheckInAnswer>(ctx.app, '/agent/checkin', { state: s }, bearer);
    const commands = res.body.data!.commands;
    const results = commands.map((c) => ({ id: c.id, ...answer(c) }));
    await call(ctx.app, '/agent/results', { results }, bearer);
    return commands;
  };
  const signInAuditor = () =>
    signIn(ctx.app, host, 'auditor').catch(() =>
      // An earlier test changed the initial password.
      signIn(ctx.app, host, 'auditor', NEW_PASSWORD),
    );

  /**
   * Issue 35, point 6: what was done to the device, not only what it reported. A task's
   * results (finished and failed, with the command and its folder), a licence installed through
   * the console and an elevation window from request to its end, in order, with who did each.
   */
  it('tells task results, a licence installed and an elevation window, in order', async () => {
    await hoursLater(HOUR);
    const auditor = as(
      ctx.app,
      host,
      await signIn(ctx.app, host, 'auditor').catch(() =>
        // An earlier test changed the initial password.
        signIn(ctx.app, host, 'auditor', NEW_PASSWORD),
      ),
    );
    const engine = await enrol('story-01');
    const id = engine.deviceId;
    let held: { code: string; serial: number; expiresAt: Date } | null = null;
    const engineState = () =>
      state(held ? { activation: 'active', licence: held } : { activation: 'inactive' });
    const engineRuns = (answer: Answer) => runs(engine, answer, engineState());

    // A task encrypts a folder; another, to decrypt a folder that is not there, fails (-18).
    const encrypt = await op<{ taskId: string }>('/async/m/tde/folder/add', {
      target: { ids: [id] },
      path: '/srv/ledger',
    });
    expect(encrypt.body).toMatchObject({ success: true });
    await engineRuns(ok);
    const encryptedAt = now;
    later(MINUTE);
    const decrypt = await op('/async/m/tde/folder/remove', {
      target: { ids: [id] },
      path: '/srv/none',
    });
    expect(decrypt.body).toMatchObject({ success: true });
    await engineRuns(() => ({ code: -18, message: 'no such directory' }));
    const failedAt = now;

    // Activation: the request file from the engine, the vendor's certificate, installed.
    later(MINUTE);
    const requested = op<TRequestFile>('/sync/m/rd', { deviceId: id, months: 12 });
    await engineRuns(() => ({
      code: 0,
      detail: { fingerprint: engine.fingerprint, kind: 'TDE', installedSerial: 0 },
    }));
    const file = (await requested).body.data!;
    const request = parseRequestFile(file.file)!;
    const expiresAt = now + 360 * 86_400_000;
    const certificate = signLicence(
      {
        ver: 1,
        licenseCode: 'EDP-STORY-0001',
        serial: 1,
        requestId: request.requestId,
        fingerprint: engine.fingerprint,
        kind: 'TDE',
        issuedAt: now,
        expiresAt,
        maxDevices: 1,
      },
      ctx.app.platform.vendorKeys.privateKey,
      ctx.app.platform.vendorKeys.kid,
    );
    const installing = op('/sync/m/act', { deviceId: id, certificate });
    await engineRuns(() => {
      held = { code: 'EDP-STORY-0001', serial: 1, expiresAt: new Date(expiresAt) };
      return {
        code: 0,
        detail: {
          licenseCode: 'EDP-STORY-0001',
          serial: 1,
          kind: 'TDE',
          expiresAt: new Date(expiresAt).toISOString(),
        },
      };
    });
    expect((await installing).body).toMatchObject({ success: true });
    const installedAt = now;
    // The engine's next check-ins report the licence the console already wrote: no second entry.
    later(30_000);
    await checkIn(engine.token, engineState());

    // Elevation for an hour: asked by the operator, approved by the auditor, taken by the engine.
    later(MINUTE);
    const askedAt = now;
    const asked = await op<{ id: string }>('/ack/m/ele', {
      deviceId: id,
      window: { hours: 1 },
      reason: 'patch the ledger service',
    });
    expect(asked.body).toMatchObject({ success: true });
    const request1 = asked.body.data!.id;
    later(MINUTE);
    const approvedAt = now;
    const approved = await auditor('/ack/s/check', { id: request1, approve: true, reason: 'ok' });
    expect(approved.body).toMatchObject({ success: true });
    await engineRuns(ok);
    const startedAt = now;
    const until = new Date(approvedAt + HOUR).toISOString();

    const before = await history(id);
    // The window's end is not history yet.
    expect(kinds(before)).toEqual([
      'window',
      'window',
      'window',
      'licence',
      'command',
      'command',
      'enrolled',
    ]);
    const [started, approval, asking, licence, failed, encrypted] = before;
    expect(encrypted).toMatchObject({
      at: new Date(encryptedAt).toISOString(),
      account: 'operator',
      detail: {
        command: {
          type: 'tde.encrypt',
          state: 'finished',
          code: 0,
          target: '/srv/ledger',
          taskId: encrypt.body.data!.taskId,
        },
      },
    });
    expect(failed).toMatchObject({
      at: new Date(failedAt).toISOString(),
      account: 'operator',
      detail: {
        command: {
          type: 'tde.decrypt',
          state: 'failed',
          code: -18,
          target: '/srv/none',
          reason: '目录不存在',
        },
      },
    });
    // The reason in the reader's language, from the code the entry keeps.
    const english = await op<TDeviceActivity>(
      '/dv/m/activity',
      { id },
      { 'accept-language': 'en-US' },
    );
    expect(english.body.data!.items[4]!.detail.command!.reason).toBe('Directory missing');
    expect(encrypted!.detail.command!.reason).toBeUndefined();
    expect(licence).toMatchObject({
      at: new Date(installedAt).toISOString(),
      account: 'operator',
      detail: {
        licence: {
          serial: 1,
          expiresAt: new Date(expiresAt).toISOString(),
          code: 'EDP-STORY-0001',
        },
        previous: null,
      },
    });
    const window = { request: request1, kind: 'elevation' };
    expect(asking).toMatchObject({
      at: new Date(askedAt).toISOString(),
      account: 'operator',
      detail: { window: { ...window, step: 'asked', seconds: 3600 } },
    });
    expect(approval).toMatchObject({
      at: new Date(approvedAt).toISOString(),
      account: 'auditor',
      detail: { window: { ...window, step: 'approved', until } },
    });
    expect(started).toMatchObject({
      at: new Date(startedAt).toISOString(),
      account: null,
      detail: { window: { ...window, step: 'started', until } },
    });

    // The hour passes: the window ended by itself, at its end.
    await hoursLater(2 * HOUR);
    const after = await history(id);
    expect(after.slice(1)).toEqual(before);
    expect(after[0]).toMatchObject({
      at: until,
      account: null,
      detail: { window: { ...window, step: 'ended' } },
    });
  });

  it('tells a learning window ended early by its asker, a withdrawal, a rejection and a window that never opened', async () => {
    await hoursLater(HOUR);
    const auditor = as(ctx.app, host, await signInAuditor());
    const engine = await enrol('story-02');
    const id = engine.deviceId;
    // The engine's ten silent minutes below are a gap: its offline and back entries come with the
    // presence flusher's next pass (a real 5 s timer), whenever that falls; this story is the rest.
    const story = async () =>
      (await history(id)).filter((i) => i.kind !== 'offline' && i.kind !== 'online');
    const steps = async () =>
      (await story()).map((i) => [i.detail.window?.kind, i.detail.window?.step, i.account]);

    // Learning mode for two hours, ended after ten minutes by the operator.
    later(MINUTE);
    const lm = (
      await op<{ id: string }>('/ack/m/lm', { deviceId: id, window: { hours: 2 }, reason: 'learn' })
    ).body.data!.id;
    await auditor('/ack/s/check', { id: lm, approve: true, reason: 'ok' });
    await runs(engine, ok);
    later(10 * MINUTE);
    await checkIn(engine.token);
    const endedAt = now;
    const ending = op('/sync/m/offLm', { id: lm });
    // The engine answers the window as it holds it now (peekWindow reads the console's text).
    await runs(engine, (c) => {
      const w = peekWindow(c.args.window)!;
      const iso = (ms: number) => new Date(ms).toISOString();
      return {
        code: 0,
        detail: {
          id: w.id,
          kind: w.kind,
          validFrom: iso(w.validFrom),
          validUntil: iso(w.validUntil),
        },
      };
    });
    expect((await ending).body).toMatchObject({ success: true });
    // An elevation asked and withdrawn; asked again and rejected.
    later(MINUTE);
    const first = (
      await op<{ id: string }>('/ack/m/ele', { deviceId: id, window: { minutes: 30 }, reason: 'a' })
    ).body.data!.id;
    expect((await op('/ack/m/withdraw', { id: first })).body).toMatchObject({ success: true });
    const second = (
      await op<{ id: string }>('/ack/m/ele', { deviceId: id, window: { minutes: 30 }, reason: 'b' })
    ).body.data!.id;
    expect(
      (await auditor('/ack/s/check', { id: second, approve: false, reason: 'no' })).body,
    ).toMatchObject({ success: true });
    // Asked a third time and approved, but the engine never checks in while it is open: the
    // window did not open, and no end is told of a window that never was.
    const third = (
      await op<{ id: string }>('/ack/m/ele', { deviceId: id, window: { minutes: 30 }, reason: 'c' })
    ).body.data!.id;
    await auditor('/ack/s/check', { id: third, approve: true, reason: 'ok' });
    await hoursLater(HOUR);
    await ctx.app.services.engines.commands.sweep();

    expect(await steps()).toEqual([
      ['elevation', 'notStarted', null],
      ['elevation', 'approved', 'auditor'],
      ['elevation', 'asked', 'operator'],
      ['elevation', 'rejected', 'auditor'],
      ['elevation', 'asked', 'operator'],
      ['elevation', 'withdrawn', 'operator'],
      ['elevation', 'asked', 'operator'],
      ['learning', 'ended', 'operator'],
      ['learning', 'started', null],
      ['learning', 'approved', 'auditor'],
      ['learning', 'asked', 'operator'],
      [undefined, undefined, null],
    ]);
    const items = await story();
    expect(items[0]!.detail.window).toMatchObject({ request: third, code: null });
    // Ended early: at the moment it was ended (as the window is signed), and never again at its approved end.
    expect(items[7]).toMatchObject({ at: new Date(endedAt).toISOString() });
    await hoursLater(2 * HOUR);
    expect((await story()).map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  /**
   * Issue 35: a request nobody reviewed expired without a word on its device's timeline: it was
   * turned only when someone read the requests, and told nowhere. Now it is told when it is
   * turned, dated when it expired, by no one, once: turned by a read, or by the expiry job on two
   * nodes at once with nobody reading.
   */
  it('tells a request that expired with nobody reviewing it, once, whether a read or the job on two nodes turned it', async () => {
    await hoursLater(HOUR);
    let auditor = as(ctx.app, host, await signInAuditor());
    const settings = { maxWindowS: 86_400, pendingExpiryHours: 1 };
    expect((await auditor('/ack/s/set', settings)).body).toMatchObject({ success: true });
    const steps = async (id: string) =>
      (await history(id))
        .filter((i) => i.kind === 'window')
        .map((i) => [i.detail.window?.kind, i.detail.window?.step, i.account, i.at]);
    const ask = async (kind: 'ele' | 'lm', deviceId: string) => {
      const res = await op<{ id: string }>(`/ack/m/${kind}`, {
        deviceId,
        window: { minutes: 30 },
        reason: 'nobody looks',
      });
      expect(res.body.success, res.body.msg).toBe(true);
      return { at: now, expires: new Date(now + HOUR).toISOString() };
    };

    // A read turns it: the auditor opens the review list an hour and a minute later.
    const read = await enrol('expiry-read');
    const askedRead = await ask('ele', read.deviceId);
    await hoursLater(HOUR + MINUTE);
    auditor = as(ctx.app, host, await signInAuditor());
    const list = await auditor<{ list: { deviceId: string; phase: string }[] }>(
      '/ack/s/check/list',
      { pageSize: 50 },
    );
    expect(list.body.data!.list.find((r) => r.deviceId === read.deviceId)?.phase).toBe('expired');
    const told = [
      ['elevation', 'expired', null, askedRead.expires],
      ['elevation', 'asked', 'operator', new Date(askedRead.at).toISOString()],
    ];
    expect(await steps(read.deviceId)).toEqual(told);
    // The job finds nothing more to tell.
    await ctx.app.services.elevation.expireDue();
    expect(await steps(read.deviceId)).toEqual(told);

    // Nobody reads: two nodes run the expiry job at the same moment.
    const quiet = await enrol('expiry-job');
    const elevation = await ask('ele', quiet.deviceId);
    later(MINUTE);
    const learning = await ask('lm', quiet.deviceId);
    await hoursLater(2 * HOUR);
    const peer = await createPeerApp(ctx, {}, clock);
    try {
      await Promise.all([
        ctx.app.services.elevation.expireDue(),
        peer.services.elevation.expireDue(),
      ]);
      await Promise.all([
        ctx.app.services.elevation.expireDue(),
        peer.services.elevation.expireDue(),
      ]);
    } finally {
      await peer.close();
    }
    expect(await steps(quiet.deviceId)).toEqual([
      ['learning', 'expired', null, learning.expires],
      ['elevation', 'expired', null, elevation.expires],
      ['learning', 'asked', 'operator', new Date(learning.at).toISOString()],
      ['elevation', 'asked', 'operator', new Date(elevation.at).toISOString()],
    ]);
    // Read afterwards: nothing told twice.
    auditor = as(ctx.app, host, await signInAuditor());
    await auditor('/ack/s/check/list', { pageSize: 50 });
    expect((await steps(quiet.deviceId)).filter(([, step]) => step === 'expired')).toHaveLength(2);
  });
});
