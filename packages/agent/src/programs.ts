import path from 'node:path';
import type { TAuthorisedProgram } from '@edp/shared/contracts/commands';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { files, type StateDir } from './state-dir.ts';
import { hashProgram } from './file-hash.ts';

/**
 * Program integrity (docs/commands.md, `/sync/m/pi/*`, `/sync/m/aa`): the programs authorised to
 * use protected data, each by its path and the SHA-256 read when it was authorised, kept in
 * `programs.json`. A program whose file changed since is no longer authorised (`view.program`
 * says so) until it is authorised again, which takes the new hash.
 */
export const PROGRAMS_MAX = 10_000;

/** A file named by a command, checked as a path: -3 none, -26 not absolute or too long. */
export function namedFile(input: unknown, { absolute = false }: { absolute?: boolean } = {}) {
  if (typeof input !== 'string' || !input.trim()) throw new EngineError(Code.MissingOption, 'path');
  if (input.includes('\0') || input.length > 1024 || (absolute && !path.isAbsolute(input))) {
    throw new EngineError(Code.InvalidPath, input.slice(0, 200));
  }
  return path.resolve(input);
}

export function listPrograms(state: StateDir): TAuthorisedProgram[] {
  return state.readJson<TAuthorisedProgram[]>(files.programs) ?? [];
}

/** Authorises a program by its path and current SHA-256: -22 when it already is, unchanged. */
export async function authoriseProgram(state: StateDir, input: unknown, absolute = false) {
  const file = namedFile(input, { absolute });
  const { sha256 } = await hashProgram(file);
  const list = listPrograms(state);
  const held = list.find((p) => p.path === file);
  if (held?.sha256 === sha256) throw new EngineError(Code.FileExists, `${file} is authorised`);
  if (!held && list.length >= PROGRAMS_MAX) {
    throw new EngineError(Code.Generic, `at most ${PROGRAMS_MAX} authorised programs`);
  }
  const entry: TAuthorisedProgram = { path: file, sha256, addedAt: new Date().toISOString() };
  state.writeJson(files.programs, [...list.filter((p) => p.path !== file), entry]);
  return ok({ ...entry });
}

/** Withdraws a program's authorisation: -17 when it is not in the list. */
export async function revokeProgram(state: StateDir, input: unknown, absolute = false) {
  const file = namedFile(input, { absolute });
  const list = listPrograms(state);
  if (!list.some((p) => p.path === file)) {
    throw new EngineError(Code.FileMissing, `${file} is not an authorised program`);
  }
  state.writeJson(
    files.programs,
    list.filter((p) => p.path !== file),
  );
  return ok({ path: file });
}

/**
 * One program file: size, SHA-256, an execute bit, modified time, whether it is authorised.
 * Only an executable regular file is hashed (file-hash.ts): anything else is refused, so the
 * answer never tells the size or hash of a secret.
 */
export async function viewProgram(
  state: StateDir,
  input: unknown,
  absolute = false,
): Promise<OpResult> {
  const file = namedFile(input, { absolute });
  // The program's path stays as named (a link stays itself); its target is what is hashed.
  const { sha256, size, stat } = await hashProgram(file);
  const held = listPrograms(state).find((p) => p.path === file);
  return ok({
    path: file,
    size,
    sha256,
    executable: (stat.mode & 0o111) !== 0,
    modifiedAt: stat.mtime.toISOString(),
    authorised: held?.sha256 === sha256,
  });
}
