import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  LEARNED_MAX,
  type TAuthorisedProgram,
  type TLearnedProgram,
} from '@edp/shared/contracts/commands';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { hashFile } from './dpi.ts';
import { listPrograms, PROGRAMS_MAX } from './programs.ts';
import { listProtected } from './protected.ts';
import { files, type StateDir } from './state-dir.ts';
import { windowOf, windowState } from './windows.ts';

/**
 * Learning mode (docs/engines-agent.md "Elevation and learning mode"): while its window is open,
 * the engine looks every few seconds at which processes hold a file of a protected folder open,
 * and records each one's program (the file /proc/<pid>/exe names) with its SHA-256. This is what
 * Linux lets a process without a kernel module observe: open file descriptors, sampled, so a
 * program that opens and closes a file between two looks is not seen; processes of other users
 * are seen only when the engine runs as root. Elsewhere (no /proc) it records nothing.
 */

interface LearnedFile {
  /** The learning window the record belongs to: a new window starts a new record. */
  window: string;
  programs: Record<string, Omit<TLearnedProgram, 'authorised'>>;
}

const FOLDERS_MAX = 20;

const readLearned = (state: StateDir) => state.readJson<LearnedFile>(files.learned);

const within = (file: string, folder: string) =>
  file === folder || file.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);

/** Program hashes by path, size and modification time: a program is hashed again when it changes. */
const hashes = new Map<string, { key: string; sha256: string }>();
async function programHash(exe: string): Promise<string | undefined> {
  try {
    const st = await fsp.stat(exe);
    const key = `${st.size}:${st.mtimeMs}`;
    const held = hashes.get(exe);
    if (held?.key === key) return held.sha256;
    const { sha256 } = await hashFile(exe);
    hashes.set(exe, { key, sha256 });
    return sha256;
  } catch {
    return undefined;
  }
}

/** Programs holding a file under one of `folders` open now: exe → the folders. */
export async function observe(
  folders: string[],
  procRoot = '/proc',
): Promise<Map<string, Set<string>>> {
  const seen = new Map<string, Set<string>>();
  if (!folders.length) return seen;
  let pids: string[];
  try {
    pids = (await fsp.readdir(procRoot)).filter((p) => /^\d+$/.test(p));
  } catch {
    return seen;
  }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue; // the engine itself (encrypting, baselining)
    let fds: string[];
    try {
      fds = await fsp.readdir(path.join(procRoot, pid, 'fd'));
    } catch {
      continue; // gone, or another user's without root
    }
    const hit = new Set<string>();
    for (const fd of fds) {
      let target: string;
      try {
        target = await fsp.readlink(path.join(procRoot, pid, 'fd', fd));
      } catch {
        continue;
      }
      for (const f of folders) if (within(target, f)) hit.add(f);
    }
    if (!hit.size) continue;
    let exe: string;
    try {
      exe = await fsp.readlink(path.join(procRoot, pid, 'exe'));
    } catch {
      continue;
    }
    exe = exe.replace(/ \(deleted\)$/, '');
    const folded = seen.get(exe) ?? new Set<string>();
    for (const f of hit) folded.add(f);
    seen.set(exe, folded);
  }
  return seen;
}

/**
 * One look, when a learning window is open: records what it saw in learned.json. Answers how
 * many programs were seen (0 with no window open).
 */
export async function learnOnce(state: StateDir, now = Date.now(), procRoot = '/proc') {
  const w = windowOf(state, 'learning', now);
  if (!w) return 0;
  const folders = [...new Set(listProtected(state).map((p) => p.path))];
  const seen = await observe(folders, procRoot);
  const held = readLearned(state);
  const record: LearnedFile = held && held.window === w.id ? held : { window: w.id, programs: {} };
  const at = new Date(now).toISOString();
  let changed = !held || held.window !== w.id;
  for (const [exe, hit] of seen) {
    const sha256 = await programHash(exe);
    if (!sha256) continue;
    const before = record.programs[exe];
    if (!before && Object.keys(record.programs).length >= LEARNED_MAX) continue;
    record.programs[exe] = {
      path: exe,
      sha256,
      folders: [...new Set([...(before?.folders ?? []), ...hit])].slice(0, FOLDERS_MAX),
      firstSeen: before?.firstSeen ?? at,
      lastSeen: at,
      seen: (before?.seen ?? 0) + 1,
    };
    changed = true;
  }
  if (changed) state.writeJson(files.learned, record);
  return seen.size;
}

/** `learning.list`: the window open now (if any) and what the last learning window recorded. */
export function learnedPrograms(state: StateDir, now = Date.now()): OpResult {
  const w = windowOf(state, 'learning', now);
  const record = readLearned(state);
  const authorised = new Map(listPrograms(state).map((p) => [p.path, p.sha256]));
  const programs = Object.values(record?.programs ?? {})
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((p) => ({ ...p, authorised: authorised.get(p.path) === p.sha256 }));
  return ok({ learning: w ? windowState(w) : null, programs });
}

/**
 * `learning.authorise`: each named program the record holds is authorised with the SHA-256 it
 * was recorded with, when its file still has it. Refused one by one: -17 not recorded or gone,
 * -5 changed since it was recorded, -22 authorised already with that hash.
 */
export async function authoriseLearned(state: StateDir, paths: unknown): Promise<OpResult> {
  if (!Array.isArray(paths) || !paths.length) throw new EngineError(Code.MissingOption, 'paths');
  const record = readLearned(state);
  const list = listPrograms(state);
  const authorised: TAuthorisedProgram[] = [];
  const refused: { path: string; code: number }[] = [];
  for (const raw of paths.slice(0, 100)) {
    const file = String(raw);
    const learned = record?.programs[file];
    if (!learned || !fs.existsSync(file)) {
      refused.push({ path: file, code: Code.FileMissing });
      continue;
    }
    let sha256: string;
    try {
      sha256 = (await hashFile(file)).sha256;
    } catch {
      refused.push({ path: file, code: Code.HashFailure });
      continue;
    }
    if (sha256 !== learned.sha256) {
      refused.push({ path: file, code: Code.MismatchedData });
      continue;
    }
    const held = list.find((p) => p.path === file);
    if (held?.sha256 === sha256) {
      refused.push({ path: file, code: Code.FileExists });
      continue;
    }
    if (!held && list.length >= PROGRAMS_MAX) {
      refused.push({ path: file, code: Code.Generic });
      continue;
    }
    const entry = { path: file, sha256, addedAt: new Date().toISOString() };
    const at = list.findIndex((p) => p.path === file);
    if (at >= 0) list.splice(at, 1);
    list.push(entry);
    authorised.push(entry);
  }
  if (authorised.length) state.writeJson(files.programs, list);
  return ok({ authorised, refused });
}
