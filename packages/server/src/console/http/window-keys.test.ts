import { createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { armor, Decrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowKeyStatement, type TCheckInAnswer } from '@edp/shared/contracts/agent';
import type { TAckItem } from '@edp/shared/contracts/elevation';
import type { TKeyStatus, TSplit } from '@edp/shared/contracts/keys';
import { CommonErr, KeyErr } from '@edp/shared/errors';
import { keyId, openWindow } from '@edp/shared/window/console-window';
import { consoleAudit, windowKeys } from '../../platform/db/schema/index.ts';
import { newAgeIdentity } from '../../platform/keys/index.ts';
import { loadActor } from '../access/index.ts';
import { call, createPeerApp, createTestApp, type TestContext } from '../../test/harness.ts';
import { PASSWORD, as, pwd, setupTenant, signIn, userIdOf } from '../../test/console-fixture.ts';

const host = 'wk.example';
const hostB = 'wk-b.example';
const identity = (name: string) => ({
  name,
  ip: '10.9.0.1',
  systemType: 'Linux',
  version: '1.0.0',
  kind: 'TDE' as const,
  fingerprint: randomBytes(32).toString('hex'),
});
const stateOf = (windowKey: string | null) => ({
  install: 'installed',
  detection: 'ok',
  activation: 'inactive',
  version: '1.0.0',
  windowKey,
});
const idOf = (pem: string) => keyId(createPublicKey(pem));
/** An announcement checks with the key the engine holds, over the statement of the new key. */
const verifies = (a: NonNullable<TCheckInAnswer['windowKey']>, heldPem: string) =>
  verify(
    null,
    Buffer.from(windowKeyStatement(a.id, a.publicKey, a.revoke), 'utf8'),
    createPublicKey(heldPem),
    Buffer.from(a.signature, 'base64'),
  );

/**
 * The window-signing key under the tenant's KEK (docs/keys.md "Rotation"), through the calls
 * and the engine protocol: the shared key until the first rotation; a rotation signs new windows
 * with the tenant's own key, hands it out at enrolment and announces it to an engine reporting
 * the old key (signed by that key); a revoke says so in the announcement; tenants apart; a new
 * KEK still opens the key.
 */
describe('window-signing key rotation', () => {
  let ctx: TestContext;
  let tenantA: string;
  let now = Date.parse('2026-11-29T08:00:00Z');
  const clock = () => now;
  let km: ReturnType<typeof as>;
  let kmToken: string;
  let op: ReturnType<typeof as>;
  let auditor: ReturnType<typeof as>;
  let group: string;
  let sharedPem: string;
  const engines: Record<string, { id: string; token: string }> = {};

  const status = async () => (await km<TKeyStatus>('/kss/status')).body.data!;
  const checkIn = async (name: string, windowKey: string | null, results: unknown[] = []) => {
    now += 2_000;
    return (
      await call<TCheckInAnswer>(
        ctx.app,
        '/agent/checkin',
        { state: stateOf(windowKey), results },
        { authorization: `Bearer ${engines[name]!.token}` },
      )
    ).body.data!;
  };
  const enrol = async (name: string) => {
    const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
      .data!.secret;
    const made = await call<{ deviceId: string; token: string; consoleKey: string }>(
      ctx.app,
      '/agent/enrol',
      { secret, identity: identity(name), state: stateOf(null) },
    );
    engines[name] = { id: made.body.data!.deviceId, token: made.body.data!.token };
    return made.body.data!.consoleKey;
  };
  /** An elevation window asked, approved and delivered to the engine: its text. */
  const windowFor = async (name: string, reported: string) => {
    const asked = await op<{ id: string }>('/ack/m/ele', {
      deviceId: engines[name]!.id,
      window: { hours: 1 },
      reason: 'rotation test',
    });
    expect(asked.body).toMatchObject({ success: true });
    await auditor<TAckItem>('/ack/s/check', {
      id: asked.body.data!.id,
      approve: true,
      reason: 'ok',
    });
    const command = (await checkIn(name, reported)).commands.find((c) => c.type === 'window.open')!;
    await checkIn(name, reported, [{ id: command.id, code: 0, message: 'open' }]);
    return command.args.window as string;
  };
  /** The revoke of an incident (console/keys' rotateWindowKey with `revoke`), as the key manager. */
  const revoke = async () => {
    const userId = await userIdOf(ctx.app, tenantA, 'keys');
    const actor = (await loadActor(ctx.app.platform.db, userId, tenantA, new Date(now)))!;
    return ctx.app.services.windowKeys.rotateWindowKey(
      { actor, ip: '127.0.0.1', call: 'declareIncident', audited: false, ran: true },
      { revoke: true },
    );
  };

  beforeAll(async () => {
    ctx = await createTestApp({ SYNC_WAIT_MS: '1500' }, undefined, undefined, clock);
    tenantA = await setupTenant(ctx.app, host);
    const saToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, hostB, { prefix: 'b-', headers: { 'x-token': saToken } });
    const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    kmToken = await signIn(ctx.app, host, 'keys');
    km = as(ctx.app, host, kmToken);
    group = (await admin<{ id: string }>('/user/group/add', { name: 'Finance' })).body.data!.id;
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'keyManagers',
      menu: 'kss',
      permission: 'write',
      groupIds: [],
    });
    await admin('/user/add', {
      account: 'k2',
      name: 'K2',
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
    });
    sharedPem = await enrol('fin-01');
    await enrol('fin-02');
  });
  afterAll(() => ctx?.close());

  it('signs with the shared key until the first rotation, which needs the keys initialised and a key manager', async () => {
    const before = await status();
    expect(before.windowKey).toEqual({
      id: idOf(sharedPem),
      own: false,
      createdAt: null,
      rotation: null,
    });
    // An engine on the shared key is told nothing.
    expect((await checkIn('fin-01', idOf(sharedPem))).windowKey).toBeUndefined();
    expect((await km('/kss/rotate/window', {})).body.errCode).toBe(KeyErr.NotInitialised);
    expect((await km('/kss/init', {})).body).toMatchObject({ success: true });
    expect((await op('/kss/rotate/window', {})).body.errCode).toBe(CommonErr.Forbidden);
    expect((await auditor('/kss/rotate/window', {})).body.errCode).toBe(CommonErr.Forbidden);
    expect((await status()).windowKey!.own).toBe(false);
  });

  it('rotates: new windows signed by the new key, handed out at enrolment, announced to engines on the old key', async () => {
    const rotated = await km<TKeyStatus>('/kss/rotate/window', {});
    expect(rotated.body).toMatchObject({ success: true });
    const wk = rotated.body.data!.windowKey!;
    expect(wk).toMatchObject({ own: true, createdAt: new Date(now).toISOString() });
    expect(wk.id).not.toBe(idOf(sharedPem));
    expect(wk.rotation).toMatchObject({ progress: { done: 0 } });

    // An engine reporting the shared key gets the new key, signed by the shared key.
    const answer = await checkIn('fin-01', idOf(sharedPem));
    const a = answer.windowKey!;
    expect(a).toMatchObject({ id: wk.id, signedBy: idOf(sharedPem), revoke: false });
    expect(idOf(a.publicKey)).toBe(wk.id);
    expect(verifies(a, sharedPem)).toBe(true);
    // None for an engine from before (no key reported) or a key the console does not know.
    expect((await checkIn('fin-02', null)).windowKey).toBeUndefined();
    expect((await checkIn('fin-02', '0123456789abcdef')).windowKey).toBeUndefined();

    // New windows are signed by the new key; the shared key no longer opens them.
    const text = await windowFor('fin-01', wk.id);
    expect(openWindow(text, createPublicKey(a.publicKey))).toMatchObject({
      deviceId: engines['fin-01']!.id,
    });
    expect(openWindow(text, createPublicKey(sharedPem))).toBeUndefined();

    // Enrolment hands out the tenant's current key; another node signs and announces alike.
    expect(idOf(await enrol('fin-03'))).toBe(wk.id);
    const peer = await createPeerApp(ctx, {}, clock);
    try {
      now += 2_000;
      const there = await call<TCheckInAnswer>(
        peer,
        '/agent/checkin',
        { state: stateOf(idOf(sharedPem)) },
        { authorization: `Bearer ${engines['fin-02']!.token}` },
      );
      expect(there.body.data!.windowKey).toMatchObject({ id: wk.id, revoke: false });
    } finally {
      await peer.close();
    }

    // Progress: the engines reporting the new key are done.
    await checkIn('fin-03', wk.id);
    const progress = (await status()).windowKey!.rotation!.progress;
    expect(progress.done).toBe(2);
    expect(progress.waiting + progress.offline).toBe(1);
    expect(await ctx.app.services.windowKeys.windowRotationAffected(tenantA)).toBe(1);
    // An engine on the current key is told nothing.
    expect((await checkIn('fin-01', wk.id)).windowKey).toBeUndefined();
    await checkIn('fin-02', wk.id);
    expect((await status()).windowKey!.rotation).toBeNull();
  });

  it('keeps tenants apart: another tenant still signs with the shared key', async () => {
    const b = as(ctx.app, hostB, await signIn(ctx.app, hostB, 'b-keys'));
    const theirs = (await b<TKeyStatus>('/kss/status')).body.data!.windowKey!;
    expect(theirs).toMatchObject({ id: idOf(sharedPem), own: false });
  });

  it('revokes: the announcement to an engine on the old key says so, signed by that key', async () => {
    const old = (await status()).windowKey!;
    const oldPem = (await checkIn('fin-01', idOf(sharedPem))).windowKey!.publicKey;
    const { id, replaced } = await revoke();
    expect(replaced).toBe(old.id);
    const a = (await checkIn('fin-01', old.id)).windowKey!;
    expect(a).toMatchObject({ id, signedBy: old.id, revoke: true });
    expect(verifies(a, oldPem)).toBe(true);
    // An engine still on the shared key (replaced without revoke) is told the newest key, kept.
    const fromShared = (await checkIn('fin-02', idOf(sharedPem))).windowKey!;
    expect(fromShared).toMatchObject({ id, signedBy: idOf(sharedPem), revoke: false });
    const text = await windowFor('fin-03', id);
    expect(openWindow(text, createPublicKey(a.publicKey))).toBeDefined();
    expect(openWindow(text, createPublicKey(oldPem))).toBeUndefined();
  });

  it('audits each rotation, naming the keys and no key material', async () => {
    const rows = await ctx.app.platform.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.tenantId, tenantA), eq(consoleAudit.target, 'windowKey')));
    expect(rows.map((r) => r.action).sort()).toEqual(['/kss/rotate/window', 'declareIncident']);
    const text = JSON.stringify(rows.map((r) => r.detail));
    expect(text).toContain('"revoke":true');
    expect(text).not.toMatch(/PRIVATE|BEGIN/);
  });

  it('still opens its window keys under a new KEK (a new split made active)', async () => {
    const tokens = { keys: kmToken, k2: await signIn(ctx.app, host, 'k2') };
    const people = { keys: km, k2: as(ctx.app, host, tokens.k2) };
    const split = await km<TSplit>('/kss/split', { threshold: 2, holders: ['keys', 'k2'] });
    expect(split.body).toMatchObject({ success: true });
    for (const who of ['keys', 'k2'] as const) {
      const id = await newAgeIdentity();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/kss/share/download',
        payload: { protect: { kind: 'recipient', recipient: id.recipient } },
        headers: { host, 'x-token': tokens[who] },
      });
      const d = new Decrypter();
      d.addIdentity(id.identity);
      const share = await d.decrypt(armor.decode(res.body), 'text');
      expect((await people[who]('/kss/share/confirm', { share })).body).toMatchObject({
        success: true,
      });
    }
    expect((await status()).activeSplit).not.toBeNull();
    // A node with nothing in memory opens the current and the revoked key under the new KEK.
    const current = (await status()).windowKey!.id;
    const [revoked] = await ctx.app.platform.db
      .select({ id: windowKeys.id })
      .from(windowKeys)
      .where(and(eq(windowKeys.state, 'revoked'), isNotNull(windowKeys.privateWrapped)));
    const peer = await createPeerApp(ctx, {}, clock);
    try {
      now += 2_000;
      const there = await call<TCheckInAnswer>(
        peer,
        '/agent/checkin',
        { state: stateOf(revoked!.id) },
        { authorization: `Bearer ${engines['fin-02']!.token}` },
      );
      expect(there.body.data!.windowKey).toMatchObject({ id: current, signedBy: revoked!.id });
      expect(idOf(await peer.services.windowKeys.publicPem(tenantA))).toBe(current);
      await peer.services.windowKeys.pair(tenantA);
    } finally {
      await peer.close();
    }
  });

  it('keeps engines checking in and enrolling on a node whose root secret opens nothing', async () => {
    const peer = await createPeerApp(
      ctx,
      { CONSOLE_KEY_SECRET: randomBytes(32).toString('base64') },
      clock,
    );
    try {
      const current = (await status()).windowKey!.id;
      now += 2_000;
      const there = await call<TCheckInAnswer>(
        peer,
        '/agent/checkin',
        { state: stateOf(idOf(sharedPem)) },
        { authorization: `Bearer ${engines['fin-02']!.token}` },
      );
      // No announcement it could not sign; the check-in itself answers.
      expect(there.body).toMatchObject({ success: true });
      expect(there.body.data!.windowKey).toBeUndefined();
      const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
        .data!.secret;
      const made = await call<{ consoleKey: string }>(peer, '/agent/enrol', {
        secret,
        identity: identity('fin-04'),
        state: stateOf(null),
      });
      expect(idOf(made.body.data!.consoleKey)).toBe(current);
    } finally {
      await peer.close();
    }
  });
});
