import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { files as stateFiles, type StateDir } from './state-dir.ts';
import { resolveTarget, TEMP_MARK } from './target.ts';
import { addProtected, isProtected, removeProtected } from './protected.ts';

/**
 * Write protection of a folder (SE, "security enhancement"): the write bits of the folder, its
 * sub-folders and its files are removed, recursively (symbolic links are neither followed nor
 * changed). Each entry's mode as it was is kept in the state directory first
 * (`se/<24 hex>.json`), so lifting the protection puts every mode back exactly, and a protection
 * stopped half way is finished by protecting again (the modes kept win over the ones found).
 *
 * Modes are what this reference engine can do without a kernel module: the owner (and root) may
 * still change them back, and root writes regardless. It is the contract's behaviour, not a
 * security boundary.
 */
export interface SeRecord {
  path: string;
  since: number;
  /** Mode (the 12 permission bits) of each entry as it was, by path relative to the folder ('' is the folder). */
  modes: Record<string, number>;
}

const WRITE_BITS = 0o222;

export const seRecordName = (dir: string) =>
  path.join(stateFiles.se, createHash('sha256').update(dir).digest('hex').slice(0, 24) + '.json');

/** The folder and everything under it that protection touches: directories and regular files. */
async function walk(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  out.set('', (await fsp.lstat(dir)).mode & 0o7777);
  async function visit(rel: string): Promise<void> {
    const entries = await fsp.readdir(path.join(dir, rel), { withFileTypes: true });
    for (const e of entries) {
      if (e.name.includes(TEMP_MARK)) continue;
      const child = rel ? path.join(rel, e.name) : e.name;
      if (!e.isDirectory() && !e.isFile()) continue;
      out.set(child, (await fsp.lstat(path.join(dir, child))).mode & 0o7777);
      if (e.isDirectory()) await visit(child);
    }
  }
  await visit('');
  return out;
}

/** Write-protects a folder: -20 when it already is. */
export async function protectSe(state: StateDir, input: unknown, absolute = false) {
  const dir = await resolveTarget(input, state, { absolute });
  return state.withLock(async (): Promise<OpResult> => {
    if (isProtected(state, dir, 'se')) throw new EngineError(Code.AlreadyMonitored, dir);
    const found = await walk(dir);
    // A record left by a protection that stopped half way holds the true original modes.
    const earlier = state.readJson<SeRecord>(seRecordName(dir));
    const modes: Record<string, number> = {};
    for (const [rel, mode] of found) modes[rel] = earlier?.modes[rel] ?? mode;
    state.writeJson(seRecordName(dir), { path: dir, since: Date.now(), modes } satisfies SeRecord);
    let changed = 0;
    // Files first, the folders after (deepest first), so every change is made inside a folder
    // whose own mode is still the original.
    const order = [...found.keys()].sort((a, b) => b.length - a.length);
    for (const rel of order) {
      const mode = found.get(rel)!;
      if (mode & WRITE_BITS) {
        await fsp.chmod(path.join(dir, rel), mode & ~WRITE_BITS);
        changed++;
      }
    }
    addProtected(state, dir, 'se');
    // entries: the folder and its sub-folders and files; changed: those that had a write bit.
    return ok({ path: dir, entries: found.size, changed });
  });
}

/** Lifts a folder's write protection, each mode back as it was: -19 when it is not protected. */
export async function unprotectSe(state: StateDir, input: unknown, absolute = false) {
  const dir = await resolveTarget(input, state, { absolute });
  return state.withLock(async (): Promise<OpResult> => {
    const record = state.readJson<SeRecord>(seRecordName(dir));
    if (!isProtected(state, dir, 'se') || !record) throw new EngineError(Code.NotMonitored, dir);
    let restored = 0;
    let missing = 0;
    // The folders first (shallowest first), then what is inside.
    const order = Object.keys(record.modes).sort((a, b) => a.length - b.length);
    for (const rel of order) {
      try {
        const target = path.join(dir, rel);
        // What became a link since is not followed (its target is outside the protection).
        if ((await fsp.lstat(target)).isSymbolicLink()) {
          missing++;
          continue;
        }
        await fsp.chmod(target, record.modes[rel]!);
        restored++;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        missing++;
      }
    }
    removeProtected(state, dir, 'se');
    await fsp.rm(state.path(seRecordName(dir)), { force: true });
    return ok({ path: dir, restored, missing });
  });
}
