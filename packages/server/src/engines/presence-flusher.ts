import type { Logger } from '../platform/log.ts';
import type { EngineRepository } from './engine-repository.ts';
import type { PresenceStore } from './presence.ts';

/** Rows per statement: small enough that PGlite (in this process) never holds the loop long. */
export const FLUSH_CHUNK = 500;

export interface FlushFigures {
  /** Rows written by the last flush, and how long it took (ms). */
  rows: number;
  ms: number;
}

/**
 * Writes the presence store's batches every `everyMs`, in chunks, yielding to check-ins between
 * them; `flush()` runs one at once (at shutdown, and in tests).
 */
export function presenceFlusher(opts: {
  presence: PresenceStore;
  repo: EngineRepository;
  everyMs: number;
  /** This node's start (ms): gaps that began before it are not written as activity. */
  upSince: number;
  log: Logger;
  onFlush?: (figures: FlushFigures) => void;
}) {
  const { presence, repo, log } = opts;
  let running: Promise<void> | undefined;

  async function flushOnce(): Promise<void> {
    const started = performance.now();
    let rows = 0;
    for (;;) {
      const batch = presence.takeSeen(FLUSH_CHUNK);
      if (batch.ids.length === 0) break;
      try {
        await repo.writeLastSeen(batch.ids, batch.seenAt, opts.upSince);
        presence.settleSeen(batch);
        rows += batch.ids.length;
      } catch (err) {
        presence.restore(batch.ids);
        log.warn({ err }, 'last-seen batch not written; kept for the next flush');
        break;
      }
      await new Promise((r) => setImmediate(r));
    }
    for (;;) {
      const batch = presence.takeUptime(FLUSH_CHUNK);
      if (batch.ids.length === 0) break;
      try {
        await repo.markUptime(batch.ids, batch.days, batch.bits);
        presence.settleUptime(batch);
        rows += batch.ids.length;
      } catch (err) {
        presence.restore(batch.ids, true);
        log.warn({ err }, 'heartbeat history batch not written; kept for the next flush');
        break;
      }
      await new Promise((r) => setImmediate(r));
    }
    opts.onFlush?.({ rows, ms: performance.now() - started });
  }

  /** One flush at a time; a call during a flush waits for it and then runs another. */
  async function flush(): Promise<void> {
    while (running) await running;
    running = flushOnce().finally(() => (running = undefined));
    return running;
  }

  const timer = setInterval(() => void flush(), opts.everyMs);
  timer.unref();

  return {
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
export type PresenceFlusher = ReturnType<typeof presenceFlusher>;
