import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Code, EngineError } from './codes.ts';

/**
 * Hashing a file a console user named, without letting the file decide how long it takes
 * (issue 34, points 5 and 8). The file is opened without blocking and judged by its opened
 * descriptor: a FIFO, device or socket is refused before a byte is read, so none of libuv's four
 * threads waits on a writer that never comes or reads an endless device.
 */

/**
 * The largest program `view.program` and `program.authorise` hash: above the biggest executables
 * met in practice (a browser, a statically linked server), and read in a few seconds from a slow
 * disk, well within HASH_TIME_LIMIT_MS.
 */
export const PROGRAM_MAX_BYTES = 256 * 1024 * 1024;

/**
 * How long hashing a program may take: under the 15 s a console user waits for a synchronous
 * answer, so a slow file answers -44 on the screen instead of the console's own timeout.
 */
export const HASH_TIME_LIMIT_MS = 10_000;

/** Trees of the kernel's views and devices: never a program, often a secret (/proc/…/environ). */
const KERNEL_TREES = ['/proc', '/sys', '/dev'];

const CHUNK_BYTES = 1024 * 1024;

// Flags POSIX has and Windows lacks: there they are 0, and the descriptor's type is the check.
const flag = (name: string) => (fs.constants as Record<string, number | undefined>)[name] ?? 0;
/**
 * O_NONBLOCK: a FIFO opens at once instead of waiting for a writer. O_NOFOLLOW: a link swapped
 * in after the path was resolved is refused (ELOOP), not followed. O_NOCTTY: a terminal never
 * becomes the engine's.
 */
const OPEN_FLAGS =
  fs.constants.O_RDONLY | flag('O_NONBLOCK') | flag('O_NOFOLLOW') | flag('O_NOCTTY');

export interface HashLimits {
  /** Refuse (-29) a file larger than this, before reading it and while reading it. */
  maxBytes?: number;
  /** Give up (-44) after this long. */
  timeoutMs?: number;
  /** Give up (-44) when this aborts. */
  signal?: AbortSignal;
  /** Refuse (-29) a file without an execute bit. */
  executable?: boolean;
}

export interface FileHash {
  sha256: string;
  size: number;
  /** The opened descriptor's status: what was hashed, not what the path named before. */
  stat: fs.Stats;
}

const inside = (child: string, parent: string) =>
  child === parent || child.startsWith(parent + path.sep);

/** The file-system errors of a named file, as engine codes (-17, -21, -27, -29; else -44). */
function refusal(err: unknown, file: string): EngineError {
  const c = (err as NodeJS.ErrnoException).code;
  if (c === 'ENOENT' || c === 'ENOTDIR') return new EngineError(Code.FileMissing, file);
  if (c === 'EISDIR') return new EngineError(Code.DirectoryGiven, file);
  if (c === 'EACCES' || c === 'EPERM') return new EngineError(Code.AccessDenied, file);
  // The last component is a link where a file was expected (swapped in after the path was
  // resolved, or a link among a DPI folder's files): it is not followed.
  if (c === 'ELOOP') return new EngineError(Code.NotForFile, `${file}: a link, not followed`);
  return new EngineError(Code.HashFailure, `${file}: ${(err as Error).message}`);
}

/**
 * `work`, or a rejection as soon as `signal` aborts: an operation stuck in the kernel (a hung
 * network mount) cannot be interrupted, but the command answers and the engine goes on.
 * `orphan` receives what the work gives if it ends after the abort (a handle to close).
 */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal, orphan?: (v: T) => void) {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      void work.then(orphan, () => {});
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

/**
 * The SHA-256 and size of a regular file, read through one descriptor opened without blocking
 * and without following a final link. Anything else (FIFO, device, socket) is refused with -29
 * before it is read; a directory -21; past `maxBytes` -29; past the time limit or an abort -44.
 */
export async function hashRegularFile(file: string, limits: HashLimits = {}): Promise<FileHash> {
  const signals = [limits.signal, limits.timeoutMs ? AbortSignal.timeout(limits.timeoutMs) : null];
  const signal = AbortSignal.any(signals.filter((s): s is AbortSignal => !!s));
  // AbortSignal.any passes on its source's reason: a TimeoutError is a time limit reached.
  const stopped = () =>
    new EngineError(
      Code.HashFailure,
      (signal.reason as Error | undefined)?.name === 'TimeoutError'
        ? `${file}: not read within the time limit`
        : `${file}: stopped`,
    );
  let handle: fsp.FileHandle;
  try {
    handle = await unlessAborted(fsp.open(file, OPEN_FLAGS), signal, (h) => void h.close());
  } catch (err) {
    throw signal.aborted ? stopped() : refusal(err, file);
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new EngineError(Code.DirectoryGiven, file);
    if (!stat.isFile()) throw new EngineError(Code.NotForFile, `${file}: not a regular file`);
    if (limits.executable && (stat.mode & 0o111) === 0) {
      throw new EngineError(Code.NotForFile, `${file}: not executable, so not a program`);
    }
    const tooLarge = () =>
      new EngineError(Code.NotForFile, `${file}: larger than ${limits.maxBytes} bytes`);
    if (limits.maxBytes !== undefined && stat.size > limits.maxBytes) throw tooLarge();
    const hash = createHash('sha256');
    const buffer = Buffer.alloc(CHUNK_BYTES);
    let size = 0;
    for (;;) {
      if (signal.aborted) throw stopped();
      let bytesRead: number;
      try {
        ({ bytesRead } = await unlessAborted(handle.read(buffer, 0, buffer.length, null), signal));
      } catch (err) {
        throw signal.aborted ? stopped() : refusal(err, file);
      }
      if (!bytesRead) break;
      size += bytesRead;
      // A file may grow while it is read, or say 0 bytes and hold more: the limit is on what is read.
      if (limits.maxBytes !== undefined && size > limits.maxBytes) throw tooLarge();
      hash.update(buffer.subarray(0, bytesRead));
    }
    return { sha256: hash.digest('hex'), size, stat };
  } finally {
    // A read still pending after an abort holds the descriptor until it returns.
    void handle.close().catch(() => {});
  }
}

/**
 * A program's hash (view.program, program.authorise): the file a link points to is judged, and
 * hashed only when it is an executable regular file outside /proc, /sys and /dev, at most
 * PROGRAM_MAX_BYTES, within HASH_TIME_LIMIT_MS. So the engine answers no size or hash of a
 * secret (/etc/shadow, /proc/self/environ) and no file holds it up.
 */
export async function hashProgram(file: string, signal?: AbortSignal): Promise<FileHash> {
  const limit = AbortSignal.any([
    AbortSignal.timeout(HASH_TIME_LIMIT_MS),
    ...(signal ? [signal] : []),
  ]);
  let real: string;
  try {
    real = await unlessAborted(fsp.realpath(file), limit);
  } catch (err) {
    if (limit.aborted) throw new EngineError(Code.HashFailure, `${file}: not resolved in time`);
    throw refusal(err, file);
  }
  const tree = KERNEL_TREES.find((t) => inside(real, t));
  if (tree && process.platform !== 'win32') {
    throw new EngineError(Code.ForbiddenDirectory, `${real}: under ${tree}, never a program`);
  }
  return hashRegularFile(real, {
    executable: process.platform !== 'win32',
    maxBytes: PROGRAM_MAX_BYTES,
    timeoutMs: HASH_TIME_LIMIT_MS,
    signal: limit,
  });
}
