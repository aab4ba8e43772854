/**
 * The tasks' plain values (docs/commands.md): how long a task waits for devices offline. They hold
 * no zod, so the browser imports them from here without the schemas of tasks.ts, which re-exports
 * them (packages/web/build/screen-chunks.ts: no lazily loaded part runs zod).
 */

/** Hours a task waits for devices offline now (1 hour … 30 days). */
export const TASK_EXPIRY_HOURS = { min: 1, max: 720, default: 24 } as const;
