import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { windowKeyStatement, type TWindowKeyAnnouncement } from '@edp/shared/contracts/agent';
import type { TWindowState } from '@edp/shared/contracts/commands';
import type { TEngineIdentity } from '@edp/shared/contracts/engine';
import { keyId, openWindow, type TWindowPayload } from '@edp/shared/window/console-window';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { files, type StateDir } from './state-dir.ts';

/**
 * Elevation and learning-mode windows (docs/engines-agent.md "Elevation and learning mode"). The
 * console signs each approved window with its own Ed25519 key; this engine trusts the key it was
 * given at enrolment (`console-ed25519.pub`, as it trusts its token) and nothing a command
 * carries. A window is open from `validFrom` until `validUntil` by this machine's clock and ends
 * by itself then: every read of the windows drops those that have closed.
 *
 * The console may rotate its key (docs/keys.md "Rotation"): a check-in's answer then announces
 * the new key signed by the one held. The engine trusts the new key, and keeps the old one for
 * the windows it signed before (or, revoked after an incident, refuses them and closes those
 * open).
 */

/** A key the console signed with before the one held: for windows issued before `before`. */
interface KeptKey {
  id: string;
  pem: string;
  /** The console's time (ms) when the engine took the key after it. */
  before: number;
}

interface WindowsFile {
  /** The windows received and not yet closed, at most one of each kind, with their key's id. */
  open: (TWindowPayload & { kid?: string })[];
  /** The newest signing time seen of each window id: an older text is never taken again. */
  seen: Record<string, number>;
  /** Keys replaced by a rotation, kept for the windows they signed before. */
  kept?: KeptKey[];
  /** Keys revoked by an incident: their windows are refused. */
  revoked?: string[];
}

/** Keeps the console's key (from the enrolment's answer). */
export function keepConsoleKey(state: StateDir, pem: string) {
  createPublicKey(pem); // refuses what is not a public key before it is kept
  state.writeAtomic(files.consoleKey, pem.endsWith('\n') ? pem : pem + '\n');
}

function consoleKeyOf(state: StateDir): KeyObject | undefined {
  const pem = state.readText(files.consoleKey);
  return pem ? createPublicKey(pem) : undefined;
}

/** The id (a window's `kid`) of the key the engine trusts, reported in its state. */
export function trustedKeyId(state: StateDir): string | null {
  const key = consoleKeyOf(state);
  return key ? keyId(key) : null;
}

/** True once the engine holds a console's key: it is managed, and lifting protection by hand needs elevation. */
export const underConsole = (state: StateDir) => state.exists(files.consoleKey);

const read = (state: StateDir): WindowsFile =>
  state.readJson<WindowsFile>(files.windows) ?? { open: [], seen: {} };

export const windowState = (w: TWindowPayload): TWindowState => ({
  id: w.id,
  kind: w.kind,
  validFrom: new Date(w.validFrom).toISOString(),
  validUntil: new Date(w.validUntil).toISOString(),
});

/**
 * The windows open at `now`; those that have closed are dropped from the file (and answered in
 * `closed`, for the log).
 */
export function openWindows(
  state: StateDir,
  now = Date.now(),
): { open: TWindowPayload[]; closed: TWindowPayload[] } {
  const file = read(state);
  const open = file.open.filter((w) => w.validUntil > now);
  const closed = file.open.filter((w) => w.validUntil <= now);
  if (closed.length) state.writeJson(files.windows, { ...file, open });
  return { open: open.filter((w) => w.validFrom <= now), closed };
}

export const windowOf = (state: StateDir, kind: 'elevation' | 'learning', now = Date.now()) =>
  openWindows(state, now).open.find((w) => w.kind === kind);

/** -14 unless an elevation window is open (what needs elevation calls this first). */
export function requireElevation(state: StateDir, what: string, now = Date.now()) {
  if (underConsole(state) && !windowOf(state, 'elevation', now)) {
    throw new EngineError(
      Code.NeedsElevation,
      `${what}: this engine is managed by a console; ask it for elevation`,
    );
  }
}

/**
 * Takes a window the console signed: `window.open` (a new window) or `window.adjust` (a running
 * one signed again with another end; an end now or before closes it). Codes: -9 no console key
 * kept, -42 a window not signed by it or not for this engine, -31 a text older than one taken
 * or a window already over (open), -33 adjusting a window that is not open.
 */
export function takeWindow(
  state: StateDir,
  text: unknown,
  how: 'open' | 'adjust',
  now = Date.now(),
): OpResult {
  const key = consoleKeyOf(state);
  if (!key) throw new EngineError(Code.EnvironmentMissing, 'no console key: enrol again');
  const signed = verified(state, text, key);
  if (!signed)
    throw new EngineError(Code.ElevationFileInvalid, 'not signed by the console enrolled with');
  const { w, kid } = signed;
  const enrolment = state.readJson<{ deviceId: string }>(files.enrolment);
  const identity = state.readJson<TEngineIdentity>(files.identity);
  if (w.deviceId !== enrolment?.deviceId || w.fingerprint !== identity?.fingerprint) {
    throw new EngineError(Code.ElevationFileInvalid, 'the window is for another device');
  }
  const file = read(state);
  const seen = file.seen[w.id];
  if (seen !== undefined && w.issuedAt < seen) {
    throw new EngineError(Code.TimeOutOfRange, 'an older text of this window than one taken');
  }
  const held = file.open.find((o) => o.id === w.id && o.validUntil > now);
  if (how === 'adjust' && !held) {
    throw new EngineError(Code.NoElevationTime, `window ${w.id} is not open`);
  }
  if (how === 'open' && seen !== undefined && !held) {
    // Delivered again after it closed (or was cut short): it stays closed.
    throw new EngineError(Code.TimeOutOfRange, `window ${w.id} is over`);
  }
  if (how === 'open' && w.validUntil <= now) {
    throw new EngineError(Code.TimeOutOfRange, `window ${w.id} closed before it arrived`);
  }
  // One window of a kind at a time: a new one replaces the one before.
  const open = file.open.filter((o) => o.kind !== w.kind && o.validUntil > now);
  if (w.validUntil > now) open.push({ ...w, kid });
  file.seen[w.id] = Math.max(seen ?? 0, w.issuedAt);
  state.writeJson(files.windows, { ...file, open, seen: file.seen });
  return ok({ ...windowState(w) });
}

/**
 * The window `text` carries and the id of the key that signed it: the key held, or a key a
 * rotation replaced (not revoked) for a window issued before the engine took the next one.
 */
function verified(state: StateDir, text: unknown, held: KeyObject) {
  const w = openWindow(text, held);
  if (w) return { w, kid: keyId(held) };
  const file = read(state);
  for (const k of file.kept ?? []) {
    if (file.revoked?.includes(k.id)) continue;
    const old = openWindow(text, createPublicKey(k.pem));
    if (old && old.issuedAt < k.before) return { w: old, kid: k.id };
  }
  return undefined;
}

/**
 * Takes a new window-signing key a check-in announced (docs/keys.md "Rotation"), once its
 * signature checks with the key held: the new key is trusted from now on; the one held is kept
 * for the windows it signed before, or with `revoke` refused from now on and its open windows
 * closed (answered, for the log). `consoleNow` is the check-in's time by the console's clock,
 * the clock windows are issued by. Throws -42 when it is not signed by the key held.
 */
export function takeWindowKey(
  state: StateDir,
  a: TWindowKeyAnnouncement,
  consoleNow: number,
): { closed: TWindowPayload[] } {
  const held = consoleKeyOf(state);
  const heldPem = state.readText(files.consoleKey);
  if (!held || !heldPem) throw new EngineError(Code.EnvironmentMissing, 'no console key held');
  const heldId = keyId(held);
  let next: KeyObject | undefined;
  try {
    next = createPublicKey(a.publicKey);
  } catch {
    next = undefined;
  }
  const good =
    a.signedBy === heldId &&
    next !== undefined &&
    keyId(next) === a.id &&
    verify(
      null,
      Buffer.from(windowKeyStatement(a.id, a.publicKey, a.revoke), 'utf8'),
      held,
      Buffer.from(a.signature, 'base64'),
    );
  if (!good)
    throw new EngineError(Code.ElevationFileInvalid, 'window key not signed by the key held');
  const file = read(state);
  const kept = (file.kept ?? []).filter((k) => k.id !== heldId);
  const revoked = file.revoked ?? [];
  let open = file.open;
  let closed: TWindowPayload[] = [];
  if (a.revoke) {
    revoked.push(heldId);
    // A window taken before kids were recorded was signed by the key held then: this one.
    const byOld = (o: { kid?: string }) => (o.kid ?? heldId) === heldId;
    closed = open.filter(byOld);
    open = open.filter((o) => !byOld(o));
  } else {
    kept.push({ id: heldId, pem: heldPem, before: consoleNow });
  }
  state.writeJson(files.windows, { ...file, open, kept, revoked });
  keepConsoleKey(state, a.publicKey);
  return { closed };
}
