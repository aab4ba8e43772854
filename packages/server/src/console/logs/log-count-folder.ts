import type { Platform } from '../../platform/platform.ts';
import { logCountRepository } from '../store/index.ts';

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
export function logCountFolder(deps: Pick<Platform, 'db' | 'log'>) {
  const repo = logCountRepository(deps.db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function foldAll() {
    while ((await repo.fold(FOLD_BATCH)) === FOLD_BATCH);
  }
  const tick = () => {
    if (running) return;
    running = foldAll()
      .catch((err: unknown) => deps.log.warn({ err }, 'folding the overview counts failed'))
      .finally(() => (running = undefined));
  };

  return {
    start() {
      timer ??= setInterval(tick, FOLD_EVERY_MS).unref();
    },
    /** Stops the timer and waits for a fold under way (one statement). */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    /** Folds every delta now (tests). */
    foldAll,
  };
}
export type LogCountFolder = ReturnType<typeof logCountFolder>;
