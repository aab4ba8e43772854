import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { hashToken, sessionService } from './session-service.ts';

describe('sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('issues a fresh 256-bit token each time and stores only its hash', async () => {
    const service = sessionService(ctx.app.platform.db);
    const subjectId = randomUUID();
    const a = await service.create({ kind: 'company', subjectId });
    const b = await service.create({ kind: 'company', subjectId });
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    const rows = await ctx.app.platform.db.select().from(sessions);
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(a));
    expect(JSON.stringify(rows)).not.toContain(a);
    expect(await service.resolve(a)).toMatchObject({ kind: 'company', subjectId });
  });

  it('ends after 30 idle minutes, and keeps going while used', async () => {
    let clock = Date.now();
    const service = sessionService(ctx.app.platform.db, () => clock);
    const token = await service.create({ kind: 'user', subjectId: randomUUID() });
    clock += 29 * 60_000;
    expect(await service.resolve(token)).toBeDefined();
    clock += 29 * 60_000; // 58 minutes after creation, 29 after the last use
    expect(await service.resolve(token)).toBeDefined();
    clock += 31 * 60_000;
    expect(await service.resolve(token)).toBeUndefined();
  });

  it('ends after 12 hours however busy', async () => {
    let clock = Date.now();
    const service = sessionService(ctx.app.platform.db, () => clock);
    const token = await service.create({ kind: 'vendor', subjectId: randomUUID() });
    for (let i = 0; i < 25; i++) {
      clock += 29 * 60_000;
      await service.resolve(token);
    }
    expect(clock - Date.now()).toBeGreaterThan(12 * 3_600_000);
    expect(await service.resolve(token)).toBeUndefined();
  });

  it('is revoked at logout, and all of a subject at once except the current one', async () => {
    const service = sessionService(ctx.app.platform.db);
    const subjectId = randomUUID();
    const one = await service.create({ kind: 'company', subjectId });
    const two = await service.create({ kind: 'company', subjectId });
    const three = await service.create({ kind: 'company', subjectId });
    await service.revoke(hashToken(one));
    expect(await service.resolve(one)).toBeUndefined();
    await service.revokeAllOf('company', subjectId, hashToken(three));
    expect(await service.resolve(two)).toBeUndefined();
    expect(await service.resolve(three)).toBeDefined();
  });

  it('refuses a revoked token at once although lookups are cached on this node', async () => {
    const service = sessionService(ctx.app.platform.db);
    const subjectId = randomUUID();
    const tenantId = randomUUID();
    const one = await service.create({ kind: 'user', subjectId, tenantId });
    const two = await service.create({ kind: 'user', subjectId, tenantId });
    const three = await service.create({ kind: 'user', subjectId, tenantId });
    const other = await service.create({ kind: 'user', subjectId: randomUUID(), tenantId });
    for (const t of [one, two, three, other]) expect(await service.resolve(t)).toBeDefined();
    await service.revoke(hashToken(one));
    expect(await service.resolve(one)).toBeUndefined();
    await service.revokeAllOf('user', subjectId, hashToken(three));
    expect(await service.resolve(two)).toBeUndefined();
    expect(await service.resolve(three)).toBeDefined();
    await service.revokeTenant(tenantId);
    expect(await service.resolve(three)).toBeUndefined();
    expect(await service.resolve(other)).toBeUndefined();
  });

  it('refreshes last-seen at most once a minute, also from the cache, and still ends when idle', async () => {
    let clock = Date.now();
    const service = sessionService(ctx.app.platform.db, () => clock);
    const token = await service.create({ kind: 'company', subjectId: randomUUID() });
    const lastSeen = async () =>
      (
        await ctx.app.platform.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!.lastSeenAt.getTime();
    const created = await lastSeen();
    clock += 30_000;
    expect(await service.resolve(token)).toBeDefined();
    expect(await lastSeen()).toBe(created); // cached and under a minute: no write
    clock += 31_000;
    expect(await service.resolve(token)).toBeDefined();
    expect(await lastSeen()).toBe(clock);
    clock += 1_000; // still in the cache's few seconds
    expect(await service.resolve(token)).toBeDefined();
    clock += 30 * 60_000;
    expect(await service.resolve(token)).toBeUndefined();
  });

  it('answers -10002 for a guarded call without a live session', async () => {
    const guarded = await createTestApp({}, (app) => {
      app.post('/api/test/me', { onRequest: app.requireSession('company') }, async (req, reply) =>
        reply.ok({ who: req.session!.subjectId }),
      );
    });
    try {
      const none = await guarded.app.inject({
        method: 'POST',
        url: '/api/test/me',
        headers: { 'accept-language': 'en-US' },
      });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({
        success: false,
        errCode: -10002,
        msg: 'Your session has expired, please log in again',
      });
      const subjectId = randomUUID();
      const userToken = await guarded.app.platform.sessions.create({ kind: 'user', subjectId });
      const wrongKind = await guarded.app.inject({
        method: 'POST',
        url: '/api/test/me',
        headers: { 'x-token': userToken },
      });
      expect(wrongKind.json().errCode).toBe(-10002);
      const token = await guarded.app.platform.sessions.create({ kind: 'company', subjectId });
      const ok = await guarded.app.inject({
        method: 'POST',
        url: '/api/test/me',
        headers: { 'x-token': token },
      });
      expect(ok.json().data).toEqual({ who: subjectId });
    } finally {
      await guarded.close();
    }
  });
});
