import type { JobDefinition } from '../platform/jobs/index.ts';
import type { Logger } from '../platform/log.ts';
import type { ActivityRow, EngineEvents } from './engine-events.ts';
import type { PresenceStore } from './presence.ts';

/** Rows per statement: small enough that PGlite (in this process) never holds the loop long. */
export const FLUSH_CHUNK = 500;
/**
 * Activity rows per statement, and per flush. Inserting a pair for each of 500 devices back
 * from a gap in the last-seen statement itself held PGlite's loop for hundreds of ms when
 * thousands of engines returned at once (check-in p99 442 ms against 86 ms without it, 20,000
 * engines back from a gap together): the pairs are written after, in small statements with
 * check-ins served between. A flush writes ACTIVITY_PER_FLUSH rows, or a third of what is held
 * when more is (ACTIVITY_DRAIN_FLUSHES): a fixed share (400 rows a second) took 8 minutes for a
 * fleet of 100,000 back at once, and the pairs past ACTIVITY_KEPT_MAX were lost (stop 49). A
 * fleet back over one 30 s interval (33,000 rows a flush) then holds some 100,000 rows at most,
 * and each row keeps its own time, so a return written over a minute reads as it happened.
 */
export const ACTIVITY_CHUNK = 100;
export const ACTIVITY_PER_FLUSH = 2_000;
const ACTIVITY_DRAIN_FLUSHES = 3;
/**
 * Pairs kept for a later flush (while the database refuses them, or while a mass return is
 * written); beyond, the oldest go. Two rows a device for a fleet of 100,000 back in one flush:
 * some 100 MB of heap at the most (500 bytes a row), for a minute.
 */
const ACTIVITY_KEPT_MAX = 200_000;
/**
 * How long the flush at shutdown may take: Fastify gives its close hooks 10 s, and a server
 * whose close outlives them exits with an error. What is left is logged, not written: last-seen
 * times a minute stale at most, and "went offline / back online" entries.
 */
export const STOP_DRAIN_MS = 6_000;

export interface FlushFigures {
  /** Rows written by the last flush, and how long it took (ms). */
  rows: number;
  ms: number;
}

/**
 * Writes the presence store's batches in chunks, yielding to check-ins between them, then the
 * activity they revealed: `flush(false)` a share of it (the job `presence-flush`, jobs.ts, every
 * FLUSH_EVERY_MS), `flush()` all of it (tests), `stop()` the last one at shutdown.
 */
export function presenceFlusher(opts: {
  presence: PresenceStore;
  /** The console: it writes the last-seen times, the activity they reveal and the hours seen. */
  events: Pick<EngineEvents, 'seen' | 'cameBack' | 'hoursSeen'>;
  /** This node's start (ms): gaps that began before it are not written as activity. */
  upSince: number;
  log: Logger;
  onFlush?: (figures: FlushFigures) => void;
}) {
  const { presence, events, log } = opts;
  let running: Promise<void> | undefined;
  /** Activity the last-seen writes revealed, not yet written. */
  let activity: ActivityRow[] = [];

  /**
   * One flush; `drain` writes every activity row held (at shutdown), not only a flush's share,
   * until `deadline` (performance.now() ms) passes.
   */
  async function flushOnce(drain: boolean, deadline = Infinity): Promise<void> {
    const started = performance.now();
    const late = () => performance.now() > deadline;
    let rows = 0;
    for (;;) {
      if (late()) break;
      const batch = presence.takeSeen(FLUSH_CHUNK);
      if (batch.ids.length === 0) break;
      try {
        activity.push(...(await events.seen(batch.ids, batch.seenAt, opts.upSince)));
        presence.settleSeen(batch);
        rows += batch.ids.length;
      } catch (err) {
        presence.restore(batch.ids);
        log.warn({ err }, 'last-seen batch not written; kept for the next flush');
        break;
      }
      await new Promise((r) => setImmediate(r));
    }
    if (activity.length > ACTIVITY_KEPT_MAX) {
      log.warn(
        { dropped: activity.length - ACTIVITY_KEPT_MAX },
        'device activity dropped: too much held',
      );
      activity = activity.slice(-ACTIVITY_KEPT_MAX);
    }
    const share = drain
      ? Infinity
      : Math.max(ACTIVITY_PER_FLUSH, Math.ceil(activity.length / ACTIVITY_DRAIN_FLUSHES));
    for (let written = 0; activity.length > 0 && written < share && !late();) {
      const chunk = activity.slice(0, ACTIVITY_CHUNK);
      try {
        await events.cameBack(chunk);
        activity.splice(0, chunk.length);
        written += chunk.length;
        rows += chunk.length;
      } catch (err) {
        log.warn({ err }, 'device activity not written; kept for the next flush');
        break;
      }
      await new Promise((r) => setImmediate(r));
    }
    for (;;) {
      if (late()) break;
      const batch = presence.takeUptime(FLUSH_CHUNK);
      if (batch.ids.length === 0) break;
      try {
        await events.hoursSeen(batch.ids, batch.days, batch.bits);
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

  /**
   * One flush at a time; a call during a flush waits for it and then runs another. The timer's
   * flushes write a share of the activity held; a flush asked for (shutdown, tests) writes it all.
   */
  async function flush(drain = true, deadline = Infinity): Promise<void> {
    while (running) await running;
    running = flushOnce(drain, deadline).finally(() => (running = undefined));
    return running;
  }

  return {
    flush,
    /** The last flush, bounded by `drainMs`; what it could not write is logged. */
    async stop(drainMs = STOP_DRAIN_MS) {
      await flush(true, performance.now() + drainMs);
      const left = { seen: presence.pending(), activity: activity.length };
      if (left.seen > 0 || left.activity > 0)
        log.warn(left, 'shutdown: presence not written before the close deadline');
    },
  };
}
export type PresenceFlusher = ReturnType<typeof presenceFlusher>;

/** The flusher's job (jobs.ts): a share every `everyMs`, and the last flush as the server stops. */
export const presenceFlushJob = (f: PresenceFlusher, everyMs: number): JobDefinition => ({
  name: 'presence-flush',
  everyMs,
  run: () => f.flush(false),
  onStop: () => f.stop(),
});
