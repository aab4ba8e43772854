import type { JobDefinition } from '../../platform/jobs/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { logCountRepository } from './log-count-repository.ts';

/** How often the counts' deltas are folded into log_counts. */
export const FOLD_EVERY_MS = 1_000;
/** Deltas a statement folds; more wait for the next statement of the same pass. */
const FOLD_BATCH = 20_000;

/**
 * Folds the deltas the log ingestion writes into the overview's counts (docs/overview.md
 * "Counts"), every FOLD_EVERY_MS on every node: each statement takes deltas no other node is
 * folding, so nodes share the work. The reads count the deltas not folded yet, so a fold late or
 * missed changes no figure, only how many rows a read sums.
 */
export function logCountFolder(deps: Pick<Platform, 'db'>) {
  const repo = logCountRepository(deps.db);
  async function foldAll() {
    while ((await repo.fold(FOLD_BATCH)) === FOLD_BATCH);
  }
  /** Folds every delta now: the job `log-count-fold` (jobs.ts) every FOLD_EVERY_MS, and tests. */
  return { foldAll };
}
export type LogCountFolder = ReturnType<typeof logCountFolder>;

/** The fold's job, on every node (jobs.ts). */
export const logCountFoldJob = (f: LogCountFolder): JobDefinition => ({
  name: 'log-count-fold',
  everyMs: FOLD_EVERY_MS,
  run: () => f.foldAll(),
});
