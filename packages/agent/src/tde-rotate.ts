import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TCommandArgs } from '@edp/shared/contracts/commands';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { recordEscrowed, wrapKey } from './escrow.ts';
import { listProtected } from './protected.ts';
import { files, type StateDir } from './state-dir.ts';
import { listFiles } from './target.ts';
import { heldKeys, keyOf, loadKey, readHeader, reencryptFile, type TdeKey } from './tde.ts';

/**
 * `tde.rotate` (docs/keys.md "Rotation"): the engine's data key replaced, and every file of its
 * protected TDE folders encrypted again under the new one.
 *
 * 1. A new key is made (tde.next.key, 0600), or the one an earlier rotation made and never used.
 * 2. It is escrowed at once to the escrow key the command carries (POST /api/agent/keys); not
 *    acknowledged, the command fails and the old key stays the engine's: no file ever uses a key
 *    the console does not hold.
 * 3. The old key is kept (tde-keys/<id>.key) and the new one becomes tde.key.
 * 4. Each file of a protected TDE folder not under tde.key is decrypted with the key its header
 *    names and encrypted with the new one, atomically, one file at a time.
 * 5. Every older key no file uses any more is deleted.
 *
 * A stop anywhere leaves each file under a key the engine holds. The next `tde.rotate`, or the
 * engine's next start (finishRotation), goes on from there.
 */

/** Sends wrapped keys to the console and answers the ids it acknowledged (escrow.ts postKeys). */
export type SendKeys = (
  keys: { id: string; escrow: string; wrapped: string }[],
) => Promise<string[]>;

const hex = (k: TdeKey) => k.id.toString('hex');

/** The key a rotation made and no file uses yet: made now if there is none. */
function nextKey(state: StateDir): TdeKey {
  const file = state.path(files.tdeNextKey);
  try {
    const key = fs.readFileSync(file);
    if (key.length === 32) return keyOf(key);
    fs.rmSync(file, { force: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  state.ensure();
  const key = randomBytes(32);
  fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  return keyOf(key);
}

/** The current key kept among the older ones, then the new key made the current one. */
function promote(state: StateDir, current: TdeKey | undefined): void {
  if (current) {
    const dir = state.path(files.tdeOldKeys);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const kept = path.join(dir, `${hex(current)}.key`);
    if (!fs.existsSync(kept)) {
      const temp = `${kept}.${randomBytes(4).toString('hex')}.tmp`;
      fs.writeFileSync(temp, current.key, { mode: 0o600, flag: 'wx' });
      fs.renameSync(temp, kept);
    }
  }
  fs.renameSync(state.path(files.tdeNextKey), state.path(files.tdeKey));
}

interface Pass {
  folders: number;
  files: number;
  bytes: number;
  /** Files left under an older key: altered (authentication fails) or of a key not held. */
  failed: string[];
  /** Older keys dropped. */
  dropped: string[];
}

/**
 * Every file of the protected TDE folders under the current key; then the older keys no file
 * uses deleted. A file that fails keeps its key.
 */
async function reencryptAll(state: StateDir): Promise<Pass> {
  const keys = heldKeys(state);
  const current = keys[0];
  const pass: Pass = { folders: 0, files: 0, bytes: 0, failed: [], dropped: [] };
  if (!current) return pass;
  const byId = new Map(keys.map((k) => [hex(k), k]));
  const stillUsed = new Set<string>();
  const folders = [
    ...new Set(
      listProtected(state)
        .filter((p) => p.mode === 'tde')
        .map((p) => p.path),
    ),
  ];
  for (const dir of folders) {
    pass.folders++;
    let names: string[];
    try {
      names = await listFiles(dir);
    } catch (err) {
      // A folder gone or unreadable: its files (if any) may still need the older keys.
      pass.failed.push(`${dir}: ${(err as Error).message}`);
      for (const k of keys) stillUsed.add(hex(k));
      continue;
    }
    for (const rel of names) {
      const file = path.join(dir, rel);
      const header = await readHeader(file).catch(() => undefined);
      if (!header || header.keyId.equals(current.id)) continue;
      const id = header.keyId.toString('hex');
      const from = byId.get(id);
      try {
        if (!from) throw new EngineError(Code.MismatchedData, `key ${id} is not held`);
        await reencryptFile(file, header, from, current);
        pass.files++;
        pass.bytes += Number(header.length);
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        pass.failed.push(file);
        stillUsed.add(id);
      }
    }
  }
  for (const k of keys.slice(1)) {
    if (stillUsed.has(hex(k))) continue;
    fs.rmSync(state.path(path.join(files.tdeOldKeys, `${hex(k)}.key`)), { force: true });
    pass.dropped.push(hex(k));
  }
  // escrow.json forgets the keys dropped.
  if (pass.dropped.length) recordEscrowed(state, [], '', new Date());
  return pass;
}

const outcome = (keyId: string, pass: Pass, extra: Record<string, unknown> = {}): OpResult => {
  const detail = { keyId, ...extra, ...pass };
  if (pass.failed.length) {
    return {
      code: Code.MismatchedData,
      message: `${pass.failed.length} file(s) left under an older key (kept): altered, or of a key not held`,
      detail,
    };
  }
  return ok(detail);
};

/** `tde.rotate`: a new key escrowed, made the current one, every protected file moved to it. */
export async function rotateTde(
  state: StateDir,
  args: TCommandArgs<'tde.rotate'>,
  send: SendKeys | undefined,
): Promise<OpResult> {
  return state.withLock(async () => {
    const current = loadKey(state, false);
    if (!current) {
      // No key, nothing encrypted: nothing to rotate (the first encryption makes a key).
      if (heldKeys(state).length === 0) return ok({ keyId: null, rotated: false });
    }
    if (!send) throw new EngineError(Code.Generic, 'no console to escrow the new key with');
    const next = nextKey(state);
    const id = hex(next);
    // Escrowed before any file uses it; the console must say it holds it.
    const acknowledged = await send([
      { id, escrow: args.escrow.id, wrapped: await wrapKey(next, args.escrow.recipient) },
    ]);
    if (!acknowledged.includes(id)) {
      throw new EngineError(
        Code.Generic,
        `the console did not acknowledge the new key's escrow under ${args.escrow.id}: the old key stays`,
      );
    }
    promote(state, current);
    recordEscrowed(state, [id], args.escrow.id, new Date());
    const previous = current ? hex(current) : null;
    return outcome(id, await reencryptAll(state), { previous, rotated: true });
  });
}

/**
 * A rotation stopped half way (older keys still held) finished: at the engine's start, in the
 * commands' lane. Undefined when there is nothing to finish.
 */
export async function finishRotation(state: StateDir): Promise<OpResult | undefined> {
  // Only while tde.key is there: the older keys never become the current one by themselves.
  if (heldKeys(state).length < 2 || !loadKey(state, false)) return undefined;
  return state.withLock(async () => {
    const current = heldKeys(state)[0]!;
    return outcome(hex(current), await reencryptAll(state), { rotated: false });
  });
}
