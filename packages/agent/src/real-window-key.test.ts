import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAckItem } from '@edp/shared/contracts/elevation';
import type { TKeyStatus } from '@edp/shared/contracts/keys';
import { signWindow } from '@edp/shared/window/console-window';
import { startRealConsole, type RealConsole } from './test/real-console.ts';
import { Code, type EngineError } from './codes.ts';
import { enrol, runEngine } from './engine.ts';
import { files, StateDir } from './state-dir.ts';
import { openWindows, takeWindow, trustedKeyId } from './windows.ts';
import { as, signIn, userIdOf } from '../../server/src/test/console-fixture.ts';
import { loadActor } from '../../server/src/console/access/index.ts';

/**
 * The window-signing key's rotation end to end (issue 37, docs/keys.md "Rotation"): the key
 * manager rotates it in the real console; the real engine takes the announcement at its next
 * check-in and a new window signed by the new key is accepted; after a revoke (the `windowKey`
 * incident's rotation) a window signed by the old key is refused and the one open is closed.
 */
const host = 'window-key.example';
let real: RealConsole;
let km: ReturnType<typeof as>;
let auditor: ReturnType<typeof as>;

async function until<T>(read: () => Promise<T> | T, done: (t: T) => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  let v = await read();
  while (!done(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
}

beforeAll(async () => {
  real = await startRealConsole(host, 'edp-agent-real-window-key-');
  km = as(real.ctx.app, host, await signIn(real.ctx.app, host, 'keys'));
  auditor = as(real.ctx.app, host, await signIn(real.ctx.app, host, 'auditor'));
  const init = await km('/kss/init', {});
  if (!init.body.success) throw new Error(JSON.stringify(init.body));
}, 120_000);
afterAll(() => real?.close());

describe('window-signing key rotation against the real console', { timeout: 60_000 }, () => {
  it('is announced to the engine, which accepts new windows and, after a revoke, refuses the old key', async () => {
    const dir = `${real.root}/engine`;
    const { deviceId } = await enrol({ url: real.url, secret: real.secret, dir, name: 'db-01' });
    const state = new StateDir(dir);
    const shared = trustedKeyId(state)!;
    expect((await km<TKeyStatus>('/kss/status')).body.data!.windowKey).toMatchObject({
      id: shared,
      own: false,
    });
    const lines: string[] = [];
    const controller = new AbortController();
    // One protocol second is 50 ms: the answered 30 s interval lasts 1.5 s.
    const running = runEngine({
      dir,
      secondMs: 50,
      signal: controller.signal,
      windowEveryMs: 200,
      log: (l) => lines.push(l),
    });
    try {
      const rotated = await km<TKeyStatus>('/kss/rotate/window', {});
      const k1 = rotated.body.data!.windowKey!.id;
      expect(k1).not.toBe(shared);
      // The engine takes the new key at its next check-in, and reports it.
      expect(
        await until(
          () => trustedKeyId(state),
          (id) => id === k1,
        ),
      ).toBe(k1);
      const done = await until(
        async () => (await km<TKeyStatus>('/kss/status')).body.data!.windowKey!,
        (w) => w.rotation === null,
      );
      expect(done).toMatchObject({ id: k1, own: true, rotation: null });

      // A new window, signed by the new key, is accepted.
      const asked = await real.op<{ id: string }>('/ack/m/ele', {
        deviceId,
        window: { minutes: 5 },
        reason: 'after the rotation',
      });
      const id = asked.body.data!.id;
      await auditor('/ack/s/check', { id, approve: true, reason: 'ok' });
      const active = await until(
        async () => (await auditor<TAckItem>('/ack/s/info', { id })).body.data!,
        (r) => r.phase === 'active',
      );
      expect(active).toMatchObject({ phase: 'active', delivery: { state: 'finished', code: 0 } });
      expect(openWindows(state).open.map((w) => w.id)).toEqual([id]);

      // A window the old key (k1) signs now, kept for after the revoke.
      const found = (await real.ctx.app.platform.db.execute(
        `select tenant_id as "tenantId" from devices where id = '${deviceId}'`,
      )) as unknown as { rows: { tenantId: string }[] };
      const tenantId = found.rows[0]!.tenantId;
      const k1Pair = await real.ctx.app.services.windowKeys.pair(tenantId);
      const now = Date.now();
      const fingerprint = state.readJson<{ fingerprint: string }>(files.identity)!.fingerprint;
      const oldKeyWindow = signWindow(
        {
          ver: 1,
          id: 'replayed-old-key-window',
          kind: 'learning',
          deviceId,
          fingerprint,
          issuedAt: now,
          validFrom: now,
          validUntil: now + 60_000,
        },
        k1Pair.privateKey,
        k1Pair.publicKey,
      );

      // The incident's rotation: k1 revoked.
      const userId = await userIdOf(real.ctx.app, tenantId, 'keys');
      const actor = (await loadActor(real.ctx.app.platform.db, userId, tenantId, new Date()))!;
      const { id: k2 } = await real.ctx.app.services.windowKeys.rotateWindowKey(
        { actor, ip: '127.0.0.1', call: 'declareIncident', audited: false, ran: true },
        { revoke: true },
      );
      expect(
        await until(
          () => trustedKeyId(state),
          (kid) => kid === k2,
        ),
      ).toBe(k2);
      // The window k1 signed and the engine held is closed; one k1 signs is refused.
      expect(openWindows(state).open).toEqual([]);
      expect(
        lines.some((l) => l.includes(`elevation window ${id} ended: its key was revoked`)),
      ).toBe(true);
      let code = 0;
      try {
        takeWindow(state, oldKeyWindow, 'open');
      } catch (err) {
        code = (err as EngineError).code;
      }
      expect(code).toBe(Code.ElevationFileInvalid);
    } finally {
      controller.abort();
      await running;
    }
    expect(lines.some((l) => /refused|failed/.test(l) && /window-signing key/.test(l))).toBe(false);
  });
});
