import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { windowKeyStatement, type TWindowKeyAnnouncement } from '@edp/shared/contracts/agent';
import { keyId, signWindow, type TWindowPayload } from '@edp/shared/window/console-window';
import { Code, EngineError } from './codes.ts';
import { files, StateDir } from './state-dir.ts';
import { keepConsoleKey, openWindows, takeWindow, takeWindowKey, trustedKeyId } from './windows.ts';

/**
 * The window-signing key's rotation on the engine (docs/keys.md "Rotation"): an announcement is
 * taken only when signed by the key held; the old key is kept for the windows it signed before,
 * or, revoked, refused from then on and its open windows closed.
 */
type Pair = { privateKey: KeyObject; publicKey: KeyObject };
const pem = (k: Pair) => k.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const deviceId = 'dev-1';
const fingerprint = 'f'.repeat(64);
let root: string;
let state: StateDir;
let n = 0;

function announce(next: Pair, by: Pair, revoke: boolean): TWindowKeyAnnouncement {
  const id = keyId(next.publicKey);
  return {
    id,
    publicKey: pem(next),
    signedBy: keyId(by.publicKey),
    signature: sign(
      null,
      Buffer.from(windowKeyStatement(id, pem(next), revoke), 'utf8'),
      by.privateKey,
    ).toString('base64'),
    revoke,
  };
}
function windowText(keys: Pair, p: Partial<TWindowPayload> = {}) {
  const now = Date.now();
  return signWindow(
    {
      ver: 1,
      id: `w-${++n}`,
      kind: 'elevation',
      deviceId,
      fingerprint,
      issuedAt: now,
      validFrom: now,
      validUntil: now + 60_000,
      ...p,
    },
    keys.privateKey,
    keys.publicKey,
  );
}
const codeOf = (f: () => unknown) => {
  try {
    f();
    return 0;
  } catch (err) {
    return err instanceof EngineError ? err.code : -1;
  }
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-window-key-'));
  state = new StateDir(path.join(root, 'state'));
  state.writeJson(files.enrolment, { url: 'http://x', deviceId, token: 't', interval: 30 }, 0o600);
  state.writeJson(files.identity, { fingerprint, kind: 'TDE' });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the window-signing key on the engine', () => {
  it('reports the key it trusts, and takes a new one only when the key held signed it', () => {
    const [k0, k1, other] = [0, 1, 2].map(() => generateKeyPairSync('ed25519'));
    expect(trustedKeyId(state)).toBeNull();
    keepConsoleKey(state, pem(k0!));
    expect(trustedKeyId(state)).toBe(keyId(k0!.publicKey));
    // Signed by a key it does not hold, or tampered with: refused, the key held kept.
    expect(codeOf(() => takeWindowKey(state, announce(k1!, other!, false), Date.now()))).toBe(
      Code.ElevationFileInvalid,
    );
    const forged = { ...announce(k1!, other!, false), signedBy: keyId(k0!.publicKey) };
    expect(codeOf(() => takeWindowKey(state, forged, Date.now()))).toBe(Code.ElevationFileInvalid);
    const flipped = { ...announce(k1!, k0!, true), revoke: false };
    expect(codeOf(() => takeWindowKey(state, flipped, Date.now()))).toBe(Code.ElevationFileInvalid);
    expect(trustedKeyId(state)).toBe(keyId(k0!.publicKey));
    takeWindowKey(state, announce(k1!, k0!, false), Date.now());
    expect(trustedKeyId(state)).toBe(keyId(k1!.publicKey));
  });

  it('keeps the old key for windows it signed before; new windows by the new key', () => {
    const [k0, k1] = [0, 1].map(() => generateKeyPairSync('ed25519'));
    keepConsoleKey(state, pem(k0!));
    const before = windowText(k0!);
    takeWindowKey(state, announce(k1!, k0!, false), Date.now() + 1_000);
    expect(takeWindow(state, before, 'open').code).toBe(0);
    // The old key signing after the engine took the new one: not the console any more.
    const late = windowText(k0!, { kind: 'learning', issuedAt: Date.now() + 5_000 });
    expect(codeOf(() => takeWindow(state, late, 'open'))).toBe(Code.ElevationFileInvalid);
    expect(takeWindow(state, windowText(k1!, { kind: 'learning' }), 'open').code).toBe(0);
    expect(openWindows(state).open).toHaveLength(2);
  });

  it('after a revoke refuses windows by the old key and closes those open', () => {
    const [k0, k1, k2] = [0, 1, 2].map(() => generateKeyPairSync('ed25519'));
    keepConsoleKey(state, pem(k0!));
    const fromK0 = windowText(k0!, { kind: 'learning' });
    takeWindowKey(state, announce(k1!, k0!, false), Date.now() + 1_000);
    expect(takeWindow(state, fromK0, 'open').code).toBe(0);
    const openByK1 = windowText(k1!);
    expect(takeWindow(state, openByK1, 'open').code).toBe(0);
    const laterByK1 = windowText(k1!, { kind: 'learning' });

    const { closed } = takeWindowKey(state, announce(k2!, k1!, true), Date.now() + 1_000);
    expect(closed.map((w) => w.kind)).toEqual(['elevation']);
    // The window of the key kept before (not revoked) keeps its end.
    expect(openWindows(state).open.map((w) => w.kind)).toEqual(['learning']);
    expect(codeOf(() => takeWindow(state, laterByK1, 'open'))).toBe(Code.ElevationFileInvalid);
    expect(takeWindow(state, windowText(k2!), 'open').code).toBe(0);
  });
});
