/**
 * The commands' plain values (docs/commands.md): a command's states and the types a task carries.
 * They hold no zod, so the browser imports them from here without the schemas of commands.ts,
 * which re-exports them (packages/web/build/screen-chunks.ts: no lazily loaded part runs zod).
 */

/** A command's life: waiting → processing → finished | failed | timeout | cancelled. */
export const COMMAND_STATES = [
  'waiting',
  'processing',
  'finished',
  'failed',
  'timeout',
  'cancelled',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const TERMINAL_STATES = ['finished', 'failed', 'timeout', 'cancelled'] as const;
export const isTerminal = (s: CommandState) => (TERMINAL_STATES as readonly string[]).includes(s);

/**
 * The commands a task carries to many devices (SPEC §7 `async`); each is a command type of
 * commands.ts (commands.test.ts: this module names no schema, so it cannot say so itself).
 */
export const TASK_TYPES = [
  'tde.encrypt',
  'tde.decrypt',
  'se.protect',
  'se.unprotect',
  'dpi.baseline',
  'dpi.drop',
  'dpi.reset',
  'engine.upgrade',
  'licence.install',
  // Started by the key manager (`/kss/rotate/device`), never by the task form: listed here so
  // that it shows in the task list with its progress.
  'tde.rotate',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Task types that take data away or accept changes: the console asks before it sends them. */
export const DESTRUCTIVE_TASK_TYPES = [
  'tde.decrypt',
  'se.unprotect',
  'dpi.drop',
  'dpi.reset',
] as const satisfies readonly TaskType[];
