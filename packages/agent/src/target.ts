import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Code, EngineError } from './codes.ts';
import type { StateDir } from './state-dir.ts';

/** Temporary files of an operation in progress: never protected, never baselined. */
export const TEMP_MARK = '.edp-tmp-';

/** Directories whose contents keep the system running: never protected, nor anything inside. */
const SYSTEM_TREES = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/proc',
  '/run',
  '/sbin',
  '/sys',
  '/usr',
];
/** Top-level directories that may hold protected folders but are never protected whole. */
const WHOLE_FORBIDDEN = ['/', '/var', '/home', '/root', '/opt', '/srv', '/tmp', '/mnt', '/media'];

const inside = (child: string, parent: string) =>
  child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

/** Why a directory may not be protected, or undefined when it may. */
export function forbiddenReason(dir: string, state: StateDir): string | undefined {
  const stateRoot = realOrSelf(state.root);
  if (inside(dir, stateRoot)) return "the engine's state directory";
  if (inside(stateRoot, dir)) return "it holds the engine's state directory";
  if (process.platform === 'win32') {
    if (/^[A-Za-z]:\\?$/.test(dir)) return 'a drive root';
    if (/^[A-Za-z]:\\(Windows|Program Files( \(x86\))?)(\\|$)/i.test(dir)) return 'a system folder';
    return undefined;
  }
  if (WHOLE_FORBIDDEN.includes(dir)) return 'a system directory';
  if (SYSTEM_TREES.some((t) => inside(dir, t))) return 'a system directory';
  return undefined;
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * The directory an operation works on, checked: missing option -3, bad path -26, missing -18,
 * not a directory -24, forbidden -25. `absolute`: commands from the console must name absolute
 * paths (a relative one would depend on where the engine was started).
 */
export async function resolveTarget(
  input: unknown,
  state: StateDir,
  { absolute = false }: { absolute?: boolean } = {},
): Promise<string> {
  if (typeof input !== 'string' || !input.trim()) throw new EngineError(Code.MissingOption, 'path');
  if (input.includes('\0') || input.length > 1024 || (absolute && !path.isAbsolute(input))) {
    throw new EngineError(Code.InvalidPath, input.slice(0, 200));
  }
  const resolved = path.resolve(input);
  let stat: fs.Stats;
  try {
    stat = await fsp.stat(resolved);
  } catch (err) {
    const c = (err as NodeJS.ErrnoException).code;
    if (c === 'ENOENT') throw new EngineError(Code.DirectoryMissing, resolved);
    if (c === 'ENOTDIR') throw new EngineError(Code.NotADirectory, resolved);
    if (c === 'EACCES' || c === 'EPERM') throw new EngineError(Code.AccessDenied, resolved);
    throw err;
  }
  if (!stat.isDirectory()) throw new EngineError(Code.NotADirectory, resolved);
  const real = await fsp.realpath(resolved);
  const reason = forbiddenReason(real, state);
  if (reason) throw new EngineError(Code.ForbiddenDirectory, `${real} (${reason})`);
  return real;
}

/**
 * The regular files under `dir`, as paths relative to it, sorted. Symbolic links are neither
 * followed nor returned (protecting a link would touch files outside the directory).
 */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    const entries = await fsp.readdir(path.join(dir, rel), { withFileTypes: true });
    for (const e of entries) {
      const child = rel ? path.join(rel, e.name) : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile() && !e.name.includes(TEMP_MARK)) out.push(child);
    }
  }
  await walk('');
  return out.sort();
}

/** How many regular files a directory holds now; 0 when it is gone. */
export async function countFiles(dir: string): Promise<number> {
  try {
    return (await listFiles(dir)).length;
  } catch {
    return 0;
  }
}
