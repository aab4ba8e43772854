import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The process's limit of open files (issue 38 point 3, docs/operations.md "Open files"). Every
 * socket is a file: a push stream holds one for as long as it lasts, so a node holding streams
 * for its whole limit would have none left for a database connection, a log backup, a mail in
 * the outbox or a console user's request, and fail with EMFILE. The node reads its limit once at
 * start, keeps a margin of it for everything else, and refuses a stream (503 with Retry-After,
 * engines/http/agent-routes.ts) that would eat into the margin.
 */

/**
 * The soft limit in the text of /proc/self/limits ("Max open files  <soft>  <hard>  files");
 * `unlimited` is Infinity. Undefined when the line is missing or unreadable.
 */
export function parseFileLimit(limits: string): number | undefined {
  const m = /^Max open files\s+(\S+)\s+/m.exec(limits);
  if (!m) return undefined;
  if (m[1] === 'unlimited') return Infinity;
  const n = Number(m[1]);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The soft limit of open files of this process (what `ulimit -n` shows in its shell, what
 * systemd's LimitNOFILE and docker's --ulimit nofile set), read once at start: on Linux from
 * /proc/self/limits; elsewhere (macOS, the BSDs) from `ulimit -n` of a shell this process
 * starts, which inherits its limit. Undefined where neither answers (Windows): no streams are
 * then refused for want of files.
 */
export function readFileLimit(): number | undefined {
  try {
    if (process.platform === 'linux')
      return parseFileLimit(fs.readFileSync('/proc/self/limits', 'utf8'));
    if (process.platform === 'win32') return undefined;
    const out = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 5_000 });
    const text = out.trim();
    if (text === 'unlimited') return Infinity;
    const n = Number(text);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Files open in this process now, or undefined where that cannot be read. On Linux 6.2 and
 * later the size of /proc/self/fd is the count, read with a stat that needs no file of its own
 * (so it answers even when none is left); before, the directory is listed. Elsewhere /dev/fd
 * (macOS). Never throws.
 */
export function countOpenFiles(): number | undefined {
  const dir = process.platform === 'linux' ? '/proc/self/fd' : '/dev/fd';
  try {
    if (process.platform === 'linux') {
      const { size } = fs.statSync(dir);
      if (size > 0) return size;
    }
    // Less the one the listing itself held open.
    return fs.readdirSync(dir).length - 1;
  } catch {
    return undefined;
  }
}

/**
 * The files kept for everything but push streams: a tenth of the limit, and at least 256. The
 * rest of the node's use is small and bounded apart from its sockets: the process itself and
 * its libraries (about 40 files), the PostgreSQL pool (10 connections) or PGlite's open data
 * files (a few dozen), Redis (2), a log backup or outbox mail being written, the console's
 * users and the engines' check-ins arriving between two counts. 256 covers that on a small
 * node; a tenth keeps room on a large one for the check-in connections that come and go with
 * the fleet it serves (2,000 at a limit of 20,000).
 */
export function fileMargin(limit: number): number {
  return Math.max(256, Math.ceil(limit / 10));
}

/** How long a count of the open files stands for the next admissions (plus those admitted). */
const COUNT_FOR_MS = 1_000;

/**
 * Admits long-held connections (push streams) while the files open stay within the limit less
 * the margin. `limit` undefined or Infinity: every one is admitted.
 */
export function fileBudget(
  opts: {
    limit?: number | undefined;
    /** Counts the files open now (default: this process's, countOpenFiles). */
    openFiles?: () => number | undefined;
    now?: () => number;
  } = {},
) {
  const limit = opts.limit !== undefined && Number.isFinite(opts.limit) ? opts.limit : undefined;
  const margin = limit === undefined ? 0 : Math.min(limit, fileMargin(limit));
  /** The most files open, streams and all, at which another stream is admitted. */
  const forStreams = limit === undefined ? Infinity : limit - margin;
  const openFiles = opts.openFiles ?? countOpenFiles;
  const now = opts.now ?? Date.now;
  let counted: number | undefined;
  let countedAt = -Infinity;
  let admittedSince = 0;

  return {
    /** The soft limit read at start (undefined: none known, or unlimited). */
    limit,
    /** Files kept for everything but streams. */
    margin,
    /** The most streams this node holds: the limit less the margin (Infinity without a limit). */
    streamsMax: forStreams,

    /**
     * Whether one more stream may be held, `held` being those held now: fewer than
     * `streamsMax`, and the files open now (its own socket among them) no more than the limit
     * less the margin. The count is taken at most once a second; those admitted since are
     * added to it, so a burst of streams cannot pass between two counts.
     */
    admit(held: number): boolean {
      if (limit === undefined) return true;
      if (held >= forStreams) return false;
      const t = now();
      if (t - countedAt >= COUNT_FOR_MS) {
        counted = openFiles();
        countedAt = t;
        admittedSince = 0;
      }
      if (counted !== undefined && counted + admittedSince > forStreams) return false;
      admittedSince++;
      return true;
    },

    /** Files open now (undefined where that cannot be read). */
    openFiles,
  };
}
export type FileBudget = ReturnType<typeof fileBudget>;
