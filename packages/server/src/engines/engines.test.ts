import { randomBytes, sign, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AgentErr, CommonErr, ConsoleErr } from '@edp/shared/errors';
import type { TDeviceDetail, TDeviceList } from '@edp/shared/contracts/devices';
import type { TEngineStateInput } from '@edp/shared/contracts/engine';
import { devices } from '../platform/db/index.ts';
import {
  call,
  createPeerApp,
  createTestApp,
  testRedisUrl,
  type TestContext,
} from '../test/harness.ts';
import { PASSWORD, as, pwd, setupTenant, signIn } from '../test/console-fixture.ts';

const host = 'fleet.example';
const METRICS_TOKEN = 'metrics-token-for-tests';
const state = (over: Partial<TEngineStateInput> = {}): TEngineStateInput => ({
  install: 'installed',
  detection: 'ok',
  activation: 'inactive',
  version: '1.0.0',
  ...over,
});
const identity = (name: string, fingerprint = randomBytes(32).toString('hex')) => ({
  name,
  ip: '10.1.2.3',
  systemType: 'Linux',
  version: '1.0.0',
  kind: 'TDE' as const,
  fingerprint,
});

describe('engines: enrolment, check-in and the device centre', () => {
  let ctx: TestContext;
  let admin: ReturnType<typeof as>;
  /** The security operator: devices are theirs (separation of duties). */
  let op: ReturnType<typeof as>;
  let opToken: string;
  let groupA: string;
  let groupB: string;
  let secretA: string;
  /** The server's clock: moved by hand, so spacing and batching need no waiting. */
  let now = Date.parse('2026-11-24T08:00:00Z');
  const clock = () => now;
  const later = (ms: number) => (now += ms);

  /** `token`: the engine's current one, which proves a re-enrolment (issue 34). */
  const enrol = (secret: string, id: ReturnType<typeof identity>, s = state(), token?: string) =>
    call<{ deviceId: string; token: string; interval: number }>(ctx.app, '/agent/enrol', {
      secret,
      identity: id,
      state: s,
      ...(token ? { token } : {}),
    });
  const checkIn = (token: string, s = state(), app = ctx.app) =>
    call<{ interval: number; commands: unknown[] }>(
      app,
      '/agent/checkin',
      { state: s },
      { authorization: `Bearer ${token}` },
    );
  const row = async (id: string) =>
    (await ctx.app.platform.db.select().from(devices).where(eq(devices.id, id)))[0]!;

  beforeAll(async () => {
    ctx = await createTestApp(
      { REDIS_URL: testRedisUrl, METRICS_TOKEN },
      undefined,
      undefined,
      clock,
    );
    await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    opToken = await signIn(ctx.app, host, 'operator');
    op = as(ctx.app, host, opToken);
    groupA = (await admin<{ id: string }>('/user/group/add', { name: 'Plant-A' })).body.data!.id;
    groupB = (await admin<{ id: string }>('/user/group/add', { name: 'Plant-B' })).body.data!.id;
    const made = await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: groupA });
    if (!made.body.success) throw new Error(JSON.stringify(made.body));
    secretA = made.body.data!.secret;
  }, 60_000);
  afterAll(() => ctx.close());

  it('enrols with the group secret, answers a token, and re-enrolling keeps the device', async () => {
    expect(secretA).toMatch(/^edp_enrol_/);
    const wrong = await enrol(`edp_enrol_${'x'.repeat(32)}`, identity('ghost'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.errCode).toBe(AgentErr.SecretInvalid);
    expect(wrong.body.msg).toMatch(/enrolment secret/); // English for the engine's log

    const id = identity('web-01');
    const first = await enrol(secretA, id);
    expect(first.body).toMatchObject({ success: true, data: { interval: 30 } });
    const again = await enrol(secretA, { ...id, ip: '10.9.9.9' }, state(), first.body.data!.token);
    expect(again.body.data!.deviceId).toBe(first.body.data!.deviceId);
    // The first token was replaced by the second.
    expect((await checkIn(first.body.data!.token)).body.errCode).toBe(AgentErr.TokenInvalid);
    expect((await checkIn(again.body.data!.token)).body.success).toBe(true);
    const stored = await row(first.body.data!.deviceId);
    expect(stored).toMatchObject({ ip: '10.9.9.9', groupId: groupA, tenantId: expect.any(String) });
    expect(stored.tokenHash).not.toContain(again.body.data!.token);
  });

  it('gives the vendor key certificates are checked with in every enrolment answer (issue 35)', async () => {
    const id = identity('lic-01');
    const first = await call<{ token: string; vendorKey: string }>(ctx.app, '/agent/enrol', {
      secret: secretA,
      identity: id,
      state: state(),
    });
    const { publicKeyPem, privateKey } = ctx.app.platform.vendorKeys;
    expect(first.body.data!.vendorKey).toBe(publicKeyPem);
    // The very key: what the vendor's key signs, the given key verifies.
    const signed = sign(null, Buffer.from('edp-license/v1/{}'), privateKey);
    expect(verify(null, Buffer.from('edp-license/v1/{}'), first.body.data!.vendorKey, signed)).toBe(
      true,
    );
    // A re-enrolment (proven by its token) answers it too: an engine enrolled before holds none.
    const again = await call<{ vendorKey: string }>(ctx.app, '/agent/enrol', {
      secret: secretA,
      identity: id,
      state: state(),
      token: first.body.data!.token,
    });
    expect(again.body.data!.vendorKey).toBe(publicKeyPem);
  });

  it('refuses engines without a device token, and user sessions as tokens', async () => {
    const none = await call(ctx.app, '/agent/checkin', { state: state() });
    expect(none.status).toBe(401);
    expect(none.body.errCode).toBe(AgentErr.TokenInvalid);
    const asUser = await call(
      ctx.app,
      '/agent/checkin',
      { state: state() },
      {
        'x-token': opToken,
        host,
      },
    );
    expect(asUser.body.errCode).toBe(AgentErr.TokenInvalid);
  });

  it('writes a changed state at once, an unchanged one not at all, and last-seen in batches', async () => {
    const { deviceId, token } = (await enrol(secretA, identity('db-01'))).body.data!;
    const enrolled = await row(deviceId);
    later(1_100);
    expect((await checkIn(token)).body.success).toBe(true);
    const unchanged = await row(deviceId);
    expect(unchanged.updatedAt).toEqual(enrolled.updatedAt);
    expect(unchanged.lastSeenAt).toEqual(enrolled.lastSeenAt);

    later(1_100);
    const licence = { serial: 3, expiresAt: '2030-01-01T00:00:00.000Z' };
    expect((await checkIn(token, state({ activation: 'active', licence }))).body.success).toBe(
      true,
    );
    const changed = await row(deviceId);
    expect(changed).toMatchObject({ activation: 'active', licenceSerial: 3 });
    expect(changed.stateChangedAt!.getTime()).toBeGreaterThan(enrolled.stateChangedAt!.getTime());
  });

  it('refuses check-ins that come too often', async () => {
    const { token } = (await enrol(secretA, identity('busy-01'))).body.data!;
    later(1_100);
    expect((await checkIn(token)).body.success).toBe(true);
    const soon = await checkIn(token);
    expect(soon.status).toBe(429);
    expect(soon.body.errCode).toBe(AgentErr.CheckInTooSoon);
  });

  it('rotating the secret refuses new enrolments with the old one, not enrolled engines', async () => {
    const { token } = (await enrol(secretA, identity('keep-01'))).body.data!;
    const rotated = await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: groupA });
    expect(rotated.body.data!.secret).not.toBe(secretA);
    expect((await enrol(secretA, identity('late-01'))).body.errCode).toBe(AgentErr.SecretInvalid);
    later(1_100);
    expect((await checkIn(token)).body.success).toBe(true);
    secretA = rotated.body.data!.secret;
    // The list shows the new one live, the old one revoked; neither secret itself.
    const shown = await op<{ list: { state: string }[] }>('/dv/m/secret', { groupId: groupA });
    expect(shown.body.data!.list.map((s) => s.state)).toEqual(['live', 'revoked']);
    expect(JSON.stringify(shown.body.data)).not.toContain(secretA);
  });

  it('lists devices with counters, filters and the detail; deprecation stops the token on every node', async () => {
    const fresh = await enrol(secretA, identity('mail-01'), state({ install: 'installing' }));
    const { deviceId, token } = fresh.body.data!;
    const peer = await createPeerApp(ctx, { REDIS_URL: testRedisUrl }, clock);
    try {
      await peer.platform.bus.ready;
      // The peer knows the token now (cached).
      expect((await checkIn(token, state({ install: 'installing' }), peer)).body.success).toBe(
        true,
      );

      const list = await op<TDeviceList>('/dv/m/list', { keyword: 'mail-0' });
      expect(list.body.data!.total).toBe(1);
      expect(list.body.data!.list[0]).toMatchObject({
        id: deviceId,
        name: 'mail-01',
        groupName: 'Plant-A',
        install: 'installing',
        presence: 'online',
        type: -1,
      });
      const all = await op<TDeviceList>('/dv/m/list', {});
      expect(all.body.data!.counts['-1']).toBeGreaterThanOrEqual(4);
      expect(all.body.data!.counts['0']).toBe(1); // db-01 holds a TDE licence till 2030
      const typed = await op<TDeviceList>('/dv/m/list', { type: 0 });
      expect(typed.body.data!.list.map((d) => d.name)).toEqual(['db-01']);
      expect(typed.body.data!.total).toBe(1);

      const detail = await op<TDeviceDetail>('/dv/m/info', { id: deviceId });
      expect(detail.body.data).toMatchObject({ fingerprint: expect.any(String), interval: 30 });

      const preview = await op<{ total: number; first: { name: string }[] }>('/dv/m/match', {
        action: 'deprecate',
        target: { ids: [deviceId] },
      });
      expect(preview.body.data).toMatchObject({ total: 1, first: [{ name: 'mail-01' }] });
      const gone = await op<{ affected: number }>('/dv/m/del', { target: { ids: [deviceId] } });
      expect(gone.body.data!.affected).toBe(1);

      await new Promise((r) => setTimeout(r, 300));
      const refusedHere = await checkIn(token, state({ install: 'installing' }));
      expect(refusedHere.status).toBe(403);
      expect(refusedHere.body.errCode).toBe(AgentErr.DeviceDeprecated);
      const refusedThere = await checkIn(token, state({ install: 'installing' }), peer);
      expect(refusedThere.body.errCode).toBe(AgentErr.DeviceDeprecated);
      // Deprecated is for good: the same machine cannot enrol again.
      const back = await enrol(secretA, {
        ...identity('mail-01'),
        fingerprint: (await row(deviceId)).fingerprint!,
      });
      expect(back.body.errCode).toBe(AgentErr.FingerprintDeprecated);

      const deprecated = await op<TDeviceList>('/dv/m/del/list', {});
      expect(deprecated.body.data!.list.map((d) => d.id)).toEqual([deviceId]);
      expect((await op('/dv/m/edit', { id: deviceId, name: 'x' })).body.errCode).toBe(
        ConsoleErr.DeviceDeprecated,
      );
    } finally {
      await peer.close();
    }
  });

  it('filters the licences ending within 30 days (the home figure), counted, within the group filter', async () => {
    const day = 86_400_000;
    const licensed = (serial: number, days: number) =>
      state({
        activation: 'active',
        licence: { serial, expiresAt: new Date(now + days * day).toISOString() },
      });
    await enrol(secretA, identity('soon-01'), licensed(41, 10));
    await enrol(secretA, identity('far-01'), licensed(42, 60));
    await enrol(secretA, identity('gone-01'), licensed(43, -1));
    const expiring = await op<TDeviceList>('/dv/m/list', { expiring: true });
    expect(expiring.body.data!.list.map((d) => d.name)).toEqual(['soon-01']);
    expect(expiring.body.data!.total).toBe(1);
    const home = await op<{ expiringSoon: number }>('/dv/m/overview', {});
    expect(home.body.data!.expiringSoon).toBe(1);
    // Combined with the other filters, and an empty match is an empty page, not an error.
    const inB = await op<TDeviceList>('/dv/m/list', { expiring: true, groupId: groupB });
    expect(inB.body.data).toMatchObject({ total: 0, list: [] });
    const byName = await op<TDeviceList>('/dv/m/list', { expiring: true, keyword: 'far' });
    expect(byName.body.data!.total).toBe(0);
    const off = await op<TDeviceList>('/dv/m/list', { expiring: false, keyword: '-01' });
    expect(off.body.data!.total).toBeGreaterThanOrEqual(3);
    // The bulk preview's "all that match" takes the same filter.
    const preview = await op<{ total: number }>('/dv/m/match', {
      action: 'move',
      target: { filter: { expiring: true } },
    });
    expect(preview.body.data!.total).toBe(1);
  });

  it('permanent deletion takes only deprecated devices; an empty match does nothing and says so', async () => {
    const running = (await op<TDeviceList>('/dv/m/list', { keyword: 'web-01' })).body.data!.list[0]!
      .id;
    const refused = await op('/dv/m/real/del', { target: { ids: [running] } });
    expect(refused.body.errCode).toBe(ConsoleErr.DeviceNotDeprecated);
    const none = await op('/dv/m/del', { target: { filter: { keyword: 'no-such-device' } } });
    expect(none.body.errCode).toBe(ConsoleErr.NothingMatches);
    const purged = await op<{ affected: number }>('/dv/m/real/del', { target: { filter: {} } });
    expect(purged.body.data!.affected).toBe(1);
    expect((await op<TDeviceList>('/dv/m/del/list', {})).body.data!.total).toBe(0);
  });

  it('keeps a scoped operator to the devices of their groups, in lists, detail and bulk actions', async () => {
    const secretB = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: groupB })).body
      .data!.secret;
    const b1 = (await enrol(secretB, identity('b-01'))).body.data!.deviceId;
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'op-a',
      menu: 'operate',
      permission: 'write',
      groupIds: [groupA],
    });
    expect(role.body).toMatchObject({ success: true });
    const added = await admin('/user/add', {
      account: 'opa',
      name: 'OpA',
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
      groupId: groupA,
    });
    expect(added.body).toMatchObject({ success: true });
    const opA = as(ctx.app, host, await signIn(ctx.app, host, 'opa'));
    const mine = await opA<TDeviceList>('/dv/m/list', { pageSize: 50 });
    expect(mine.body.data!.list.every((d) => d.groupId === groupA)).toBe(true);
    expect(mine.body.data!.list.length).toBeGreaterThan(0);

    const hidden = await opA('/dv/m/info', { id: b1 });
    expect(hidden.status).toBe(403);
    expect(hidden.body.errCode).toBe(ConsoleErr.DeviceHidden);
    expect(hidden.body.msg).toBe('您没有查看该设备的权限');
    expect((await opA('/dv/m/list', { groupId: groupB })).body.errCode).toBe(CommonErr.NotFound);
    expect((await opA('/dv/m/mv', { target: { ids: [b1] }, groupId: groupA })).body.errCode).toBe(
      ConsoleErr.NothingMatches,
    );

    // "All that match" with no filter, by the scoped operator, leaves group B alone.
    const before = (await op<TDeviceList>('/dv/m/list', {})).body.data!.total;
    const moved = await opA<{ affected: number }>('/dv/m/del', { target: { filter: {} } });
    expect(moved.body.data!.affected).toBe(mine.body.data!.total);
    expect((await row(b1)).status).toBe('running');
    expect((await op<TDeviceList>('/dv/m/list', {})).body.data!.total).toBe(
      before - mine.body.data!.total,
    );
    // Escrowing group B into A shows B's devices to A's users at once, though the page
    // without them was just sent (the clock does not move: no cache expiry helps).
    expect((await opA<TDeviceList>('/dv/m/list', {})).body.data!.total).toBe(0);
    const escrowed = await admin('/user/group/escrow', {
      id: groupB,
      toGroupId: groupA,
      mode: 'sibling',
    });
    expect(escrowed.body).toMatchObject({ success: true });
    const withB = await opA<TDeviceList>('/dv/m/list', {});
    expect(withB.body.data!.list.map((d) => d.id)).toEqual([b1]);
    expect((await admin('/user/group/escrow/del', { id: groupB })).body.success).toBe(true);
    expect((await opA<TDeviceList>('/dv/m/list', {})).body.data!.total).toBe(0);
    // A group with devices cannot be deleted.
    expect((await admin('/user/group/del', { id: groupB })).body.errCode).toBe(
      ConsoleErr.GroupInUse,
    );
  });

  it('takes wrapped data keys from engines only, checked; before keys exist, no escrow and none held', async () => {
    const { token } = (await enrol(secretA, identity('vault-01'))).body.data!;
    const key = { id: 'a1b2c3d4e5f60718', escrow: '7d4f6c1e-2b1a-4c3d-8e5f-222222222222' };
    const wrapped = '-----BEGIN AGE ENCRYPTED FILE-----\nYWJj\n-----END AGE ENCRYPTED FILE-----\n';
    const keys = (body: unknown, headers: Record<string, string> = {}) =>
      call<{ acknowledged: string[] }>(ctx.app, '/agent/keys', body, headers);
    const bearer = { authorization: `Bearer ${token}` };
    // No device token, or a user's session: refused as every engine call is.
    const none = await keys({ keys: [{ ...key, wrapped }] });
    expect(none.status).toBe(401);
    expect(none.body.errCode).toBe(AgentErr.TokenInvalid);
    const asUser = await keys({ keys: [{ ...key, wrapped }] }, { 'x-token': opToken, host });
    expect(asUser.body.errCode).toBe(AgentErr.TokenInvalid);
    // What is not a wrapped key (a key in clear, a malformed id, nothing) is refused by field.
    for (const [body, field] of [
      [{ keys: [{ ...key, wrapped: randomBytes(32).toString('base64') }] }, 'body.keys.0.wrapped'],
      [{ keys: [{ ...key, id: 'A1B2', wrapped }] }, 'body.keys.0.id'],
      [{ keys: [] }, 'body.keys'],
    ] as const) {
      const bad = await keys(body, bearer);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ errCode: CommonErr.Invalid, data: { field } });
    }
    // This tenant has not initialised its keys: a state listing a key is handed no escrow key,
    // and a key sent anyway is not held.
    later(1_100);
    const answer = await call<Record<string, unknown>>(
      ctx.app,
      '/agent/checkin',
      { state: state({ keys: [{ id: key.id, escrow: null }] }) },
      bearer,
    );
    expect(answer.body.success).toBe(true);
    expect(answer.body.data).not.toHaveProperty('escrow');
    expect((await keys({ keys: [{ ...key, wrapped }] }, bearer)).body).toMatchObject({
      success: true,
      data: { acknowledged: [] },
    });
  });

  it('writes last-seen times and the heartbeat history when the batch is flushed', async () => {
    const { deviceId, token } = (await enrol(secretA, identity('late-02'))).body.data!;
    const enrolled = await row(deviceId);
    // Within a minute of the stored time nothing is due; after it, the next flush writes it.
    later(30_000);
    await checkIn(token);
    await ctx.app.services.engines.flusher.flush();
    expect((await row(deviceId)).lastSeenAt).toEqual(enrolled.lastSeenAt);
    later(31_000);
    await checkIn(token);
    expect((await row(deviceId)).lastSeenAt).toEqual(enrolled.lastSeenAt);
    await ctx.app.services.engines.flusher.flush();
    expect((await row(deviceId)).lastSeenAt!.getTime()).toBe(now);
    const detail = await op<TDeviceDetail>('/dv/m/info', { id: deviceId });
    expect(detail.body.data!.uptime.length).toBe(1);
    expect(detail.body.data!.uptime[0]!.hours).toBe(1 << new Date(now).getUTCHours());
  });

  it('counts check-ins, enrolments and requests in /metrics, for the token holder only', async () => {
    const scrape = (authorization?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape('Bearer wrong-token-of-some-length')).statusCode).toBe(404);
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const ok = /edp_engine_checkins_total\{result="ok"\} (\d+)/.exec(res.body);
    expect(Number(ok?.[1])).toBeGreaterThan(0);
    expect(Number(/edp_engine_enrolments_total (\d+)/.exec(res.body)?.[1])).toBeGreaterThan(5);
    expect(res.body).toMatch(
      /edp_http_request_duration_seconds_count\{route="\/api\/agent\/checkin"/,
    );
    expect(res.body).toMatch(/edp_engines_online \d+/);
    expect(res.body).toMatch(/edp_presence_flush_rows_count \d+/);
  });
});
