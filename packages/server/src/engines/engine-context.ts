import type { Platform } from '../platform/platform.ts';
import { commandQueue } from './command-queue.ts';
import { engineAuthCache } from './engine-auth.ts';
import type { EngineEvents } from './engine-events.ts';
import { defaultEngineFile, engineFileStore } from './engine-file.ts';
import { engineService } from './engine-service.ts';
import { presenceFlusher } from './presence-flusher.ts';
import { presenceStore } from './presence.ts';
import { pushHub } from './push-hub.ts';

/** How often last-seen batches are written, and how stale the database's copy may get. */
export const FLUSH_EVERY_MS = 5_000;
export const LAST_SEEN_REFRESH_MS = 60_000;

/**
 * Everything the engine context holds for the life of the server. What the engines tell the
 * console, and the console's tables they need written, go through `events` (issue 36 point 2).
 */
export function engineContext(
  p: Pick<Platform, 'bus' | 'clock' | 'config' | 'vendorKeys' | 'log' | 'metrics'> & {
    /** The console, which the engines tell what happened and ask what they read (services.ts). */
    events: EngineEvents;
  },
) {
  const { events } = p;
  // Gaps in check-ins that began before this node started are not written as "went offline":
  // the console may have been down itself (docs/engines.md "Activity").
  const upSince = p.clock();
  const auth = engineAuthCache(events, p.bus, p.clock);
  const presence = presenceStore({ refreshMs: LAST_SEEN_REFRESH_MS });
  const flusher = presenceFlusher({
    presence,
    events,
    upSince,
    log: p.log,
    onFlush: ({ rows, ms }) => {
      p.metrics.flushRows.observe(rows);
      p.metrics.flushSeconds.observe(ms / 1000);
    },
  });
  const push = pushHub();
  const commands = commandQueue({ events, bus: p.bus, push, clock: p.clock, log: p.log });
  const service = engineService({
    auth,
    presence,
    commands,
    clock: p.clock,
    events,
    metrics: p.metrics,
    intervalS: p.config.CHECK_IN_INTERVAL_S,
    upSince,
    // Its public half only: the key every certificate this console accepts is checked with.
    vendorKey: p.vendorKeys.publicKeyPem,
  });
  /** The reference engine this console serves (GET /api/agent/engine), and upgrades to. */
  const file = engineFileStore(p.config.ENGINE_FILE ?? defaultEngineFile());
  /**
   * Engines that checked in at this node within three intervals (after three missed ones a
   * device is offline): the `/metrics` gauge, and the embedded database's warning (jobs.ts).
   */
  const online = (now: number) => presence.seenSince(now - p.config.CHECK_IN_INTERVAL_S * 3_000);
  return { auth, presence, flusher, service, push, commands, file, online, logged: events.logged };
}
export type EngineContext = ReturnType<typeof engineContext>;
