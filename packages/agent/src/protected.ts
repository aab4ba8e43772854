import type { ProtectionMode } from '@edp/shared/contracts/engine';
import { files, type StateDir } from './state-dir.ts';
import { countFiles } from './target.ts';

export interface ProtectedEntry {
  path: string;
  mode: ProtectionMode;
  /** When protection started, ms since the epoch. */
  since: number;
}

export function listProtected(state: StateDir): ProtectedEntry[] {
  return state.readJson<ProtectedEntry[]>(files.protected) ?? [];
}

export function isProtected(state: StateDir, dir: string, mode: ProtectionMode): boolean {
  return listProtected(state).some((e) => e.path === dir && e.mode === mode);
}

export function addProtected(state: StateDir, dir: string, mode: ProtectionMode): void {
  const list = listProtected(state).filter((e) => !(e.path === dir && e.mode === mode));
  list.push({ path: dir, mode, since: Date.now() });
  state.writeJson(files.protected, list);
}

export function removeProtected(state: StateDir, dir: string, mode: ProtectionMode): void {
  const list = listProtected(state);
  const kept = list.filter((e) => !(e.path === dir && e.mode === mode));
  if (kept.length !== list.length) state.writeJson(files.protected, kept);
}

/** The protected directories as the check-in reports them, with their file counts now. */
export async function protectedSummary(
  state: StateDir,
): Promise<{ path: string; mode: ProtectionMode; files: number }[]> {
  const list = listProtected(state).slice(0, 100);
  return Promise.all(
    list.map(async (e) => ({ path: e.path, mode: e.mode, files: await countFiles(e.path) })),
  );
}
