import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccessOperation } from '@edp/shared/contracts/logs';
import { LogOutbox, type LogEvent } from './log-outbox.ts';
import { asResult, type OpResult } from './codes.ts';
import type { StateDir } from './state-dir.ts';
import { requireElevation, underConsole } from './windows.ts';

/**
 * The accesses to protected folders the reference engine can see (docs/engines-agent.md "What
 * the engine reports"). It has no kernel filter, so it decides nothing about other programs'
 * file accesses: it looks, every few seconds, at which processes hold a file of a protected
 * folder open (/proc/<pid>/fd), how (/proc/<pid>/fdinfo: opened for reading, or for writing),
 * and which processes run a program stored in one (/proc/<pid>/exe), and reports each new one
 * as `allowed` — nothing stopped it. What opens and closes between two looks is not seen;
 * other users' processes only when the engine runs as root.
 */

export interface SeenAccess {
  /** Identifies one open file of one process across looks. */
  key: string;
  operation: AccessOperation;
  program: string;
  user: string;
  path: string;
}

const within = (file: string, folder: string) =>
  file === folder || file.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);

/** The user this process runs as, by name (its uid when it has no name). */
export function currentUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return String(process.getuid?.() ?? '');
  }
}

let users: { at: number; names: Map<string, string> } | undefined;
/** A uid's name from /etc/passwd (read again after a minute), else the uid itself. */
function userName(uid: string): string {
  if (!users || Date.now() - users.at > 60_000) {
    const names = new Map<string, string>();
    try {
      for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
        const [name, , id] = line.split(':');
        if (name && id) names.set(id, name);
      }
    } catch {
      // no passwd: uids as they are
    }
    users = { at: Date.now(), names };
  }
  return users.names.get(uid) ?? uid;
}

/** A /proc file's text, or undefined (the process is gone, or not ours to read). */
function read(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
function link(file: string): string | undefined {
  try {
    return fs.readlinkSync(file);
  } catch {
    return undefined;
  }
}
function list(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Every access to a file under `folders` held open now (or a program run from one). Synchronous
 * on purpose: a look is thousands of tiny /proc reads, and a thread-pool hop for each made it
 * 30 times slower (130–360 ms against 5 ms for about 900 descriptors here); it holds the event
 * loop for those few milliseconds.
 */
export function lookAtAccesses(folders: readonly string[], procRoot = '/proc'): SeenAccess[] {
  if (!folders.length) return [];
  const pids = list(procRoot).filter((p) => /^\d+$/.test(p)); // none without /proc: not Linux
  const seen: SeenAccess[] = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue; // the engine's own work (encrypting, hashing)
    const dir = path.join(procRoot, pid);
    // Gone, a kernel thread, or another user's without root: nothing to see.
    const exe = link(path.join(dir, 'exe'))?.replace(/ \(deleted\)$/, '');
    if (exe === undefined) continue;
    const hits: { fd: string; target: string }[] = [];
    for (const fd of list(path.join(dir, 'fd'))) {
      const target = link(path.join(dir, 'fd', fd));
      if (target && folders.some((f) => within(target, f))) hits.push({ fd, target });
    }
    const runsFromOne = folders.some((f) => within(exe, f));
    if (!hits.length && !runsFromOne) continue;
    // The process's start (field 22 of stat) tells a reused pid from the process seen before.
    const stat = read(path.join(dir, 'stat')) ?? '';
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
    const uid = /^Uid:\s+(\d+)/m.exec(read(path.join(dir, 'status')) ?? '')?.[1];
    const user = uid === undefined ? '' : userName(uid);
    const base = `${pid}:${start}`;
    if (runsFromOne) {
      seen.push({ key: `${base}:exe`, operation: 'execute', program: exe, user, path: exe });
    }
    for (const { fd, target } of hits) {
      // flags: the open(2) flags in octal; their access mode is O_RDONLY, O_WRONLY or O_RDWR.
      const flags = /^flags:\s+([0-7]+)/m.exec(read(path.join(dir, 'fdinfo', fd)) ?? '')?.[1];
      if (flags === undefined) continue;
      const operation: AccessOperation = (parseInt(flags, 8) & 3) === 0 ? 'read' : 'write';
      seen.push({
        key: `${base}:${fd}:${operation}:${target}`,
        operation,
        program: exe,
        user,
        path: target,
      });
    }
  }
  return seen;
}

/** Turns looks into events: an access is reported when first seen, not again while it lasts. */
export class AccessWatcher {
  private previous = new Set<string>();

  constructor(private readonly procRoot = '/proc') {}

  look(folders: readonly string[]): LogEvent[] {
    const now = lookAtAccesses(folders, this.procRoot);
    const at = Date.now();
    const fresh = now.filter((a) => !this.previous.has(a.key));
    this.previous = new Set(now.map((a) => a.key));
    return fresh.map((a) => ({
      kind: 'access' as const,
      outcome: 'allowed' as const,
      operation: a.operation,
      program: a.program,
      user: a.user,
      path: a.path,
      at,
    }));
  }
}

/**
 * Lifting protection by hand (`edp-agent unprotect`) on an engine a console manages needs an
 * elevation window the console approved (-14 otherwise; the console's own commands do not: they
 * are its decision). This is the one access the reference engine itself allows or refuses, so
 * the decision is an access event: the program is the edp-agent file that was run, the user the
 * one running it, and the operation `write` (lifting protection changes the folder: decrypting
 * rewrites its files). An engine no console manages decides nothing and reports nothing.
 */
export const byHand = (state: StateDir, folder: string, op: () => Promise<OpResult>) =>
  asResult(async () => {
    const managed = underConsole(state);
    try {
      requireElevation(state, 'unprotect by hand');
    } catch (err) {
      decided(state, folder, 'denied');
      throw err;
    }
    if (managed) decided(state, folder, 'allowed');
    return op();
  });

function decided(state: StateDir, folder: string, outcome: 'allowed' | 'denied') {
  new LogOutbox(state).append([
    {
      kind: 'access',
      outcome,
      operation: 'write',
      program: process.argv[1] ? path.resolve(process.argv[1]) : process.execPath,
      user: currentUser(),
      path: path.resolve(folder),
    },
  ]);
}
