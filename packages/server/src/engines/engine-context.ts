import type { TLogBatch, TLogBatchAnswer } from '@edp/shared/contracts/logs';
import type { Platform } from '../platform/platform.ts';
import type { DeviceAuth } from './engine-repository.ts';
import { commandQueue, type CommandsEnded } from './command-queue.ts';
import { commandRepository } from './command-repository.ts';
import { engineAuthCache } from './engine-auth.ts';
import { defaultEngineFile, engineFileStore } from './engine-file.ts';
import { engineRepository } from './engine-repository.ts';
import { engineService, type EngineEnrolled } from './engine-service.ts';
import { presenceFlusher } from './presence-flusher.ts';
import type { Metrics } from '../platform/metrics/index.ts';
import { presenceStore } from './presence.ts';
import { pushHub } from './push-hub.ts';

/** The device a logged batch came from. */
export type EngineDevice = Pick<DeviceAuth, 'deviceId' | 'tenantId'>;

/** How often last-seen batches are written, and how stale the database's copy may get. */
export const FLUSH_EVERY_MS = 5_000;
export const LAST_SEEN_REFRESH_MS = 60_000;

/** Everything the engine context holds for the life of the server. */
export function engineContext(
  p: Pick<Platform, 'db' | 'bus' | 'clock' | 'config' | 'vendorKeys'> & {
    log: Parameters<typeof presenceFlusher>[0]['log'];
    changed: (tenantId: string) => void;
    metrics: Metrics;
    enrolled: (e: EngineEnrolled) => Promise<void>;
    /** The console's window key (PEM), handed to every engine at enrolment. */
    consoleKey: () => Promise<string>;
    /** Where an engine's log batches go (POST /api/agent/logs): the console stores them. */
    logged: (device: EngineDevice, batch: TLogBatch) => Promise<TLogBatchAnswer>;
    /** What the console hears when commands end (their results, timeouts, licences). */
    commandsEnded?: (e: CommandsEnded) => Promise<void>;
  },
) {
  const repo = engineRepository(p.db);
  // Gaps in check-ins that began before this node started are not written as "went offline":
  // the console may have been down itself (docs/engines.md "Activity").
  const upSince = p.clock();
  const auth = engineAuthCache(repo, p.bus, p.clock);
  const presence = presenceStore({ refreshMs: LAST_SEEN_REFRESH_MS });
  const flusher = presenceFlusher({
    presence,
    repo,
    upSince,
    log: p.log,
    onFlush: ({ rows, ms }) => {
      p.metrics.flushRows.observe(rows);
      p.metrics.flushSeconds.observe(ms / 1000);
    },
  });
  const push = pushHub();
  const commands = commandQueue({
    repo: commandRepository(p.db),
    bus: p.bus,
    push,
    clock: p.clock,
    log: p.log,
    commandsEnded: p.commandsEnded,
  });
  const service = engineService({
    repo,
    auth,
    presence,
    commands,
    clock: p.clock,
    changed: p.changed,
    metrics: p.metrics,
    intervalS: p.config.CHECK_IN_INTERVAL_S,
    upSince,
    enrolled: p.enrolled,
    consoleKey: p.consoleKey,
    // Its public half only: the key every certificate this console accepts is checked with.
    vendorKey: p.vendorKeys.publicKeyPem,
  });
  /** The reference engine this console serves (GET /api/agent/engine), and upgrades to. */
  const file = engineFileStore(p.config.ENGINE_FILE ?? defaultEngineFile());
  return { auth, presence, flusher, service, push, commands, file, logged: p.logged };
}
export type EngineContext = ReturnType<typeof engineContext>;
