import {
  COMMAND_STATES,
  DESTRUCTIVE_TASK_TYPES,
  type CommandState,
  type TaskType,
} from '@edp/shared/contracts/commands-values';
import type { ProtectionMode } from '@edp/shared/contracts/engine';
import type { TStateCounts } from '@edp/shared/contracts/tasks';

/**
 * What the task and command screens compute (issue 23, docs/commands.md): open states, the
 * progress bar's parts, the folder task types, paths on an engine's machine.
 */

/** How often a screen showing open tasks or commands asks again (ms). */
export const LIVE_REFRESH_MS = 3_000;

/** A command or task not over yet: waiting or processing. */
export const isOpen = (state: CommandState) => state === 'waiting' || state === 'processing';

/** The progress bar's order: what is over first, then what still runs, then what waits. */
export const PROGRESS_ORDER = [
  'finished',
  'failed',
  'timeout',
  'cancelled',
  'processing',
  'waiting',
] as const satisfies readonly CommandState[];

export interface ProgressPart {
  state: CommandState;
  count: number;
  /** Its share of the bar, 0-100. */
  percent: number;
}

/** The bar's parts: each state with devices in it, in PROGRESS_ORDER, by share of the total. */
export function progressParts(counts: TStateCounts, total: number): ProgressPart[] {
  const sum = COMMAND_STATES.reduce((n, s) => n + counts[s], 0);
  const whole = Math.max(total, sum, 1);
  return PROGRESS_ORDER.filter((s) => counts[s] > 0).map((state) => ({
    state,
    count: counts[state],
    percent: (counts[state] / whole) * 100,
  }));
}

/** Devices whose command is over, whatever its end. */
export const doneCount = (counts: TStateCounts) =>
  counts.finished + counts.failed + counts.timeout + counts.cancelled;

/** Devices a retry sends the command to again. */
export const retryCount = (counts: TStateCounts) => counts.failed + counts.timeout;

/** The task types that act on a folder: every one but the engine upgrade. */
export const FOLDER_TASK_TYPES = [
  'tde.encrypt',
  'tde.decrypt',
  'se.protect',
  'se.unprotect',
  'dpi.baseline',
  'dpi.drop',
  'dpi.reset',
] as const satisfies readonly TaskType[];
export type FolderTaskType = (typeof FOLDER_TASK_TYPES)[number];
/** The task that brings engines to the version this console serves: it takes no path. */
export const UPGRADE_TYPE = 'engine.upgrade' satisfies TaskType;
/** What the device centre's new task form offers: the folder tasks, then the upgrade. */
export const FORM_TASK_TYPES = [...FOLDER_TASK_TYPES, UPGRADE_TYPE] as const;
export type FormTaskType = (typeof FORM_TASK_TYPES)[number];
export const isUpgrade = (type: string | undefined): type is typeof UPGRADE_TYPE =>
  type === UPGRADE_TYPE;
/** The destructive folder types: asked again, in plain words, before they are sent. */
export type DestructiveType = (typeof DESTRUCTIVE_TASK_TYPES)[number];

export const isDestructive = (type: string): type is DestructiveType =>
  (DESTRUCTIVE_TASK_TYPES as readonly string[]).includes(type);

/** The task that protects a folder in each mode, and the one that lifts it. */
export const PROTECT_TYPE: Record<ProtectionMode, FolderTaskType> = {
  tde: 'tde.encrypt',
  se: 'se.protect',
  dpi: 'dpi.baseline',
};
export const UNPROTECT_TYPE: Record<ProtectionMode, FolderTaskType> = {
  tde: 'tde.decrypt',
  se: 'se.unprotect',
  dpi: 'dpi.drop',
};

/**
 * The server's rule for a path on an engine's machine (`ZAbsolutePath`, contracts/commands.ts):
 * absolute, POSIX or a Windows drive, no NUL; checked on the trimmed value. Written here so the
 * page does not load zod; task-lib.test.ts holds it to the contract's.
 */
export const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/])[^\0]*$/;
export const isAbsolutePath = (path: string) => ABSOLUTE_PATH.test(path.trim());

const windows = (path: string) => /^[A-Za-z]:[\\/]/.test(path);

/** `name` inside the folder `dir`, with the folder's own separator. */
export function joinPath(dir: string, name: string): string {
  const sep = windows(dir) ? '\\' : '/';
  return dir.endsWith('/') || dir.endsWith('\\') ? `${dir}${name}` : `${dir}${sep}${name}`;
}

/** The folder above `path`; the root (`/`, `C:\`) is its own parent. */
export function parentPath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/[\\/]+$/, '') : path;
  if (windows(path)) {
    const root = `${path.slice(0, 2)}\\`;
    const cut = trimmed.slice(3).lastIndexOf('\\');
    const cutSlash = trimmed.slice(3).lastIndexOf('/');
    const at = Math.max(cut, cutSlash);
    return at < 0 ? root : trimmed.slice(0, at + 3);
  }
  const at = trimmed.lastIndexOf('/');
  return at <= 0 ? '/' : trimmed.slice(0, at);
}

/** Whether `path` is a root: nothing is above it. */
export const isRoot = (path: string) => /^(\/|[A-Za-z]:[\\/]?)$/.test(path);

/** The `path` argument of a command or task, when it has one. */
export function argPath(args: Record<string, unknown>): string | undefined {
  return typeof args.path === 'string' ? args.path : undefined;
}

/** A byte count in B, KB, MB, GB (1024s), one decimal above bytes. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i += 1;
  }
  return i === 0 ? `${n} B` : `${n.toFixed(1)} ${units[i]}`;
}
