import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeviceEscrow, TKeyStatus } from '@edp/shared/contracts/keys';
import type { TTaskItem } from '@edp/shared/contracts/tasks';
import { startRealConsole, type RealConsole } from './test/real-console.ts';
import { enrol, runEngine } from './engine.ts';
import { ops } from './ops.ts';
import { StateDir } from './state-dir.ts';
import { heldKeys, loadKey, readHeader } from './tde.ts';
import { makeVendor } from './test/licence-fixture.ts';
import { as, signIn } from '../../server/src/test/console-fixture.ts';

/**
 * Rotation end to end (issue 37 point 5, docs/keys.md "Rotation"): a running reference engine
 * whose key is escrowed re-escrows it under the new escrow key at its next check-in once the key
 * manager rotates the escrow key, and the old key retires by itself; the key manager then rotates
 * the device's data key as a task: the engine escrows a new key, encrypts its folder again under
 * it and drops the old one, every byte back when decrypted.
 */
const host = 'rotation.example';
let real: RealConsole;
let km: ReturnType<typeof as>;

function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, rel);
    const st = fs.lstatSync(full);
    if (!st.isFile()) continue;
    const sha = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    out.set(rel, `${sha} ${st.size} ${(st.mode & 0o777).toString(8)}`);
  }
  return out;
}

/** Asks `read` until `done` holds of its answer (20 s at most). */
async function until<T>(read: () => Promise<T>, done: (t: T) => boolean): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const t = await read();
    if (done(t) || Date.now() > end) return t;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  real = await startRealConsole(host, 'edp-agent-real-rotation-');
  km = as(real.ctx.app, host, await signIn(real.ctx.app, host, 'keys'));
  // One key manager: escrow works (recovery would wait for a split).
  const init = await km<TKeyStatus>('/kss/init', {});
  if (!init.body.success) throw new Error(JSON.stringify(init.body));
}, 120_000);
afterAll(() => real?.close());

describe('key rotation with the real console', { timeout: 90_000 }, () => {
  it('re-escrows under a new escrow key, then rotates the data key as a task', async () => {
    const name = 'file-server-09';
    const dir = path.join(real.root, name);
    const fingerprint = createHash('sha256').update(name).digest('hex');
    const { deviceId } = await enrol({
      url: real.url,
      secret: real.secret,
      dir,
      kind: 'TDE',
      name,
      fingerprint,
      log: () => {},
    });
    const state = new StateDir(dir);
    const vendor = makeVendor(fs.mkdtempSync(path.join(real.root, 'vendor-')));
    const lic = path.join(real.root, `${name}.lic`);
    fs.writeFileSync(lic, vendor.certificate({ kind: 'TDE', fingerprint }));
    expect((await ops.installLicence(state, lic, vendor.keyFile)).code).toBe(0);
    const data = path.join(real.root, 'shares');
    fs.mkdirSync(path.join(data, 'finance'), { recursive: true });
    fs.writeFileSync(path.join(data, 'finance', 'budget.csv'), 'q1,q2\n10,20\n');
    fs.writeFileSync(path.join(data, 'contract.pdf'), createHash('sha512').update('x').digest());
    const before = tree(data);
    expect((await ops.protectTde(state, data)).code).toBe(0);
    const keyId = loadKey(state, false)!.id.toString('hex');

    const controller = new AbortController();
    const lines: string[] = [];
    // One protocol second is 50 ms: the answered 30 s interval lasts 1.5 s.
    const running = runEngine({
      dir,
      secondMs: 50,
      push: false,
      watchAccess: false,
      signal: controller.signal,
      log: (l) => lines.push(l),
    });
    const escrowOf = async () =>
      (await km<TDeviceEscrow>('/kss/escrow/device', { deviceId })).body.data!;
    const kept = () =>
      state.readJson<{ keys: Record<string, { escrow: string }> }>('escrow.json')?.keys ?? {};
    try {
      await until(escrowOf, (d) => d.keys.some((k) => k.escrowedAt !== null));
      const first = (await km<TKeyStatus>('/kss/status')).body.data!.escrowKey!.id;
      expect(kept()[keyId]!.escrow).toBe(first);

      // The escrow key rotated: the engine's next check-in is handed the new one; it re-escrows.
      const rotated = (await km<TKeyStatus>('/kss/rotate/escrow', {})).body.data!;
      const second = rotated.escrowKey!.id;
      expect(rotated.escrowRotation).toMatchObject({
        fromId: first,
        progress: { done: 0, waiting: 1, offline: 0 },
      });
      await until(
        async () => kept()[keyId]?.escrow,
        (e) => e === second,
      );
      const after = await until(
        async () => (await km<TKeyStatus>('/kss/status')).body.data!,
        (s) => s.escrowRotation === null,
      );
      // Nothing left to wait for: the old key retired by itself.
      expect(after.escrowRotation).toBeNull();
      // (devicesWithKeys is a count kept 10 s: the one read at initialisation.)
      expect(after.escrow.notEscrowed).toBe(0);
      expect(lines.some((l) => l.includes(`escrowed under escrow key ${second}`))).toBe(true);

      // The device's data key rotated, as a task.
      const made = await km<{ id: string }>('/kss/rotate/device', {
        deviceIds: [deviceId],
        reason: 'yearly rotation',
      });
      expect(made.body.success).toBe(true);
      const task = await until(
        async () =>
          (await real.op<TTaskItem>('/dv/m/task/info', { id: made.body.data!.id })).body.data!,
        (t) => t.status !== 'waiting' && t.status !== 'processing',
      );
      expect(task).toMatchObject({ type: 'tde.rotate', status: 'finished', total: 1 });
      const now = loadKey(state, false)!.id.toString('hex');
      expect(now).not.toBe(keyId);
      expect(heldKeys(state).map((k) => k.id.toString('hex'))).toEqual([now]);
      for (const rel of ['finance/budget.csv', 'contract.pdf'])
        expect((await readHeader(path.join(data, rel)))!.keyId.toString('hex')).toBe(now);
      // The new key escrowed under the current escrow key; the old one no longer listed.
      const escrow = await until(escrowOf, (d) =>
        d.keys.every((k) => k.keyId === now && k.escrowedAt !== null),
      );
      expect(escrow.keys).toEqual([
        { keyId: now, seenAt: expect.any(String), escrowedAt: expect.any(String) },
      ]);
      expect(kept()).toEqual({ [now]: expect.objectContaining({ escrow: second }) });
    } finally {
      controller.abort();
      await running;
    }
    expect((await ops.unprotectTde(state, data)).code).toBe(0);
    expect(tree(data)).toEqual(before);
  });
});
