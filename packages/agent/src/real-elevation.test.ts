import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommandAnswer } from '@edp/shared/contracts/commands';
import type { TAckItem } from '@edp/shared/contracts/elevation';
// The console itself, as its own tests start it (PGlite, or PostgreSQL with DB=pg).
import { createTestApp, type TestContext } from '../../server/src/test/harness.ts';
import { as, setupTenant, signIn } from '../../server/src/test/console-fixture.ts';
import { enrol, runEngine } from './engine.ts';
import { StateDir } from './state-dir.ts';
import { openWindows, requireElevation } from './windows.ts';

/**
 * Elevation end to end (issue 24): the reference engine against the real console. A security
 * operator asks, an auditor approves, the engine receives the window the console signed (with
 * the key it was given at enrolment) and shows it; the operator shortens it, and the engine ends
 * it by itself when it closes.
 */
const host = 'elevation.example';
let ctx: TestContext;
let url: string;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-elevation-'));
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  await setupTenant(ctx.app, host);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
};

describe('elevation against the real console', { timeout: 60_000 }, () => {
  it('is approved, seen on the engine, shortened, and ended by the engine itself', async () => {
    const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    const auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    const group = await admin<{ id: string }>('/user/group/add', { name: 'Servers' });
    const secret = (
      await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group.body.data!.id })
    ).body.data!.secret;
    const dir = path.join(root, 'engine');
    const { deviceId } = await enrol({ url, secret, dir, kind: 'TDE', name: 'db-01' });
    const state = new StateDir(dir);
    // The console's key is kept at enrolment: lifting protection by hand now needs elevation.
    expect(fs.readFileSync(state.path('console-ed25519.pub'), 'utf8')).toMatch(/PUBLIC KEY/);
    expect(() => requireElevation(state, 'unprotect')).toThrow(/Elevation required/);

    const controller = new AbortController();
    const lines: string[] = [];
    const running = runEngine({
      dir,
      secondMs: 50,
      signal: controller.signal,
      windowEveryMs: 200,
      log: (l) => lines.push(l),
    });
    try {
      const asked = await op<{ id: string }>('/ack/m/ele', {
        deviceId,
        window: { minutes: 5 },
        reason: 'schema migration',
      });
      expect(asked.body).toMatchObject({ success: true });
      const id = asked.body.data!.id;
      const approved = await auditor<TAckItem>('/ack/s/check', {
        id,
        approve: true,
        reason: 'agreed in the change board',
      });
      expect(approved.body.data).toMatchObject({ phase: 'approved' });

      // The engine receives it (its push stream, else its next check-in) and answers.
      const active = await until(
        async () => (await auditor<TAckItem>('/ack/s/info', { id })).body.data!,
        (r) => r.phase === 'active',
      );
      expect(active).toMatchObject({ phase: 'active', delivery: { state: 'finished', code: 0 } });
      expect(openWindows(state).open).toEqual([
        expect.objectContaining({ id, kind: 'elevation', deviceId }),
      ]);
      expect(() => requireElevation(state, 'unprotect')).not.toThrow();
      const watched = await op<TCommandAnswer<'engine.watch'>>('/sync/m/watch', { deviceId });
      expect(watched.body.data!.windows).toEqual([
        expect.objectContaining({ id, kind: 'elevation', validUntil: active.validUntil }),
      ]);

      // Shortened to 2 s: the engine takes the window signed again, and ends it by itself.
      const adjusted = await op<TAckItem>('/sync/m/adjust', { id, window: { seconds: 2 } });
      expect(adjusted.body, JSON.stringify(adjusted.body)).toMatchObject({ success: true });
      expect(openWindows(state).open[0]!.validUntil).toBe(
        Date.parse(adjusted.body.data!.validUntil!),
      );
      await until(
        async () => lines,
        (l) => l.some((x) => x.includes(`elevation window ${id} ended`)),
        10_000,
      );
      expect(openWindows(state).open).toEqual([]);
      expect(() => requireElevation(state, 'unprotect')).toThrow(/Elevation required/);
      const after = await op<TCommandAnswer<'engine.watch'>>('/sync/m/watch', { deviceId });
      expect(after.body.data!.windows).toEqual([]);
      expect((await auditor<TAckItem>('/ack/s/info', { id })).body.data!.phase).toBe('ended');
    } finally {
      controller.abort();
      await running;
    }
    expect(lines.some((l) => /^(check-in|results) (refused|failed|not sent)/.test(l))).toBe(false);
  });
});
