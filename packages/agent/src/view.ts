import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { FOLDER_ENTRIES_MAX, type TFolderEntry } from '@edp/shared/contracts/commands';
import type { ProtectionMode } from '@edp/shared/contracts/engine';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import type { StateDir } from './state-dir.ts';
import { listProtected } from './protected.ts';

/**
 * `view.folder`: a folder's entries for the console's folder picker. Any folder may be viewed
 * (system ones too: viewing changes nothing); -3 no path, -26 not absolute, -18 missing,
 * -24 not a folder, -27 unreadable. Entries are not followed: a link is a link. At most
 * FOLDER_ENTRIES_MAX, folders first, then by name (code-unit order, the same on every machine);
 * `truncated` when there were more.
 */
const KIND_ORDER = { dir: 0, file: 1, link: 1, other: 1 } as const;

/** Which protection a folder has, when it has one (tde, then se, then dpi when it has several). */
function protectionOf(state: StateDir): (p: string) => ProtectionMode | null {
  const byPath = new Map<string, ProtectionMode>();
  const rank = { tde: 0, se: 1, dpi: 2 } as const;
  for (const e of listProtected(state)) {
    const held = byPath.get(e.path);
    if (!held || rank[e.mode] < rank[held]) byPath.set(e.path, e.mode);
  }
  return (p) => byPath.get(p) ?? null;
}

export async function viewFolder(
  state: StateDir,
  input: unknown,
  absolute = false,
): Promise<OpResult> {
  if (typeof input !== 'string' || !input.trim()) throw new EngineError(Code.MissingOption, 'path');
  if (input.includes('\0') || input.length > 1024 || (absolute && !path.isAbsolute(input))) {
    throw new EngineError(Code.InvalidPath, input.slice(0, 200));
  }
  const asked = path.resolve(input);
  let dir: string;
  let names: fs.Dirent[];
  try {
    dir = await fsp.realpath(asked);
    names = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    const c = (err as NodeJS.ErrnoException).code;
    if (c === 'ENOENT') throw new EngineError(Code.DirectoryMissing, asked);
    if (c === 'ENOTDIR') throw new EngineError(Code.NotADirectory, asked);
    if (c === 'EACCES' || c === 'EPERM') throw new EngineError(Code.AccessDenied, asked);
    throw err;
  }
  const kindOf = (d: fs.Dirent): TFolderEntry['kind'] =>
    d.isDirectory() ? 'dir' : d.isFile() ? 'file' : d.isSymbolicLink() ? 'link' : 'other';
  const sorted = names
    .map((d) => ({ d, kind: kindOf(d) }))
    .sort(
      (a, b) =>
        KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
        (a.d.name < b.d.name ? -1 : a.d.name > b.d.name ? 1 : 0),
    );
  const protection = protectionOf(state);
  const entries: TFolderEntry[] = [];
  let gone = 0;
  for (const { d, kind } of sorted) {
    if (entries.length === FOLDER_ENTRIES_MAX) break;
    const full = path.join(dir, d.name);
    let stat: fs.Stats;
    try {
      stat = await fsp.lstat(full);
    } catch {
      gone++; // gone since the folder was read
      continue;
    }
    entries.push({
      name: d.name,
      kind,
      size: kind === 'dir' ? 0 : stat.size,
      modifiedAt: stat.mtime.toISOString(),
      protected: kind === 'dir' ? protection(full) : null,
    });
  }
  return ok({ path: dir, entries, truncated: sorted.length - gone > entries.length });
}
