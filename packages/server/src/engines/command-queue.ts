import {
  PUSH_COMMANDS_MAX_BYTES,
  type TCommandResult,
  type TEngineCommand,
  type TPushCommands,
} from '@edp/shared/contracts/agent';
import type { CacheBus } from '../platform/cache/cache-bus.ts';
import type { JobDefinition } from '../platform/jobs/index.ts';
import type { Logger } from '../platform/log.ts';
import DataLoader from 'dataloader';
import type { EngineEvents, MovedCommand, ResultRow } from './engine-events.ts';
import type { PushHub } from './push-hub.ts';

/** How often open commands past their deadline are ended, and how many a state per sweep. */
export const SWEEP_EVERY_MS = 1_000;
const SWEEP_LIMIT = 5_000;
/** How often a node reads again which devices have open commands (a lost announcement heals). */
const RELOAD_EVERY_MS = 60_000;
/** Device ids in one announcement on the bus. */
const ANNOUNCE_CHUNK = 2_000;
/** How long a delivery or a result waits for others to share its statement, after the last. */
const BATCH_WINDOW_MS = 10;
/** Open commands in one check-in answer; the rest come in the next. */
export const COMMANDS_PER_ANSWER = 20;

/** loadMany answers errors in place; a result not written must fail the call that gave it. */
const failedAny = (answers: (boolean | Error)[]) => {
  const err = answers.find((a) => a instanceof Error);
  if (err) throw err;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The commands' way to the engines and back (docs/commands.md). Each node keeps the set of
 * devices that have open commands, so a check-in of any other device costs nothing more; a new
 * command is announced on the bus (every node marks the device, the one holding its stream
 * nudges it); check-ins that arrive together are delivered and their results written in one
 * statement each (`batcher`); a sweep ends what passed its deadline; a synchronous command's
 * caller waits for its end, heard from whichever node the engine answered. The commands and
 * their tasks are the console's tables: the queue reads and ends them through `EngineEvents`
 * (issue 36 point 2), and the console makes them (console/commands, its one enqueue).
 */
export function commandQueue(deps: {
  events: Pick<EngineEvents, 'openCommandDevices' | 'delivering' | 'answered' | 'overdue'>;
  bus: CacheBus;
  push: PushHub;
  clock: () => number;
  log: Logger;
}) {
  const { events, push, clock, log } = deps;
  const pending = new Set<string>();
  const waiters = new Map<string, () => void>();

  const announceEverywhere = deps.bus.channel('commands', (key) => {
    const ids = key.split(',');
    for (const id of ids) pending.add(id);
    reach(ids);
  });
  const endedEverywhere = deps.bus.channel('command-ended', (id) => waiters.get(id)?.());

  /** Tells every node that these commands ended (the callers of synchronous ones wait). */
  function ended(moved: MovedCommand[]) {
    for (const c of moved) if (c.taskId === null) endedEverywhere(c.id);
  }

  // Check-ins and results that arrive together are served by one statement each (DataLoader;
  // nothing is cached across batches). A task nudges thousands of engines at once, and their
  // answers come back spread over a few ms each: batched by turn of the loop alone, each was a
  // statement of its own, and 2,000 of them took 35 s on PGlite. A batch is sent BATCH_WINDOW_MS
  // after the statement of the one before it ended, so under load the batches grow to what
  // arrived meanwhile (a task over 10,000 engines on PGlite: 99 % ended in 6.65 s with a fixed
  // 10 ms window, 4.73 s this way with one statement a delivery; bench/commands.mjs). A burst
  // larger than a batch (1,000) fills several at once: each waits for the statement of the one
  // scheduled before it, so that a batcher never holds more than one connection of the pool
  // (ten batches at once held all ten: a console user's call waited 4.2 s behind a task).
  const batched = <K, V>(fn: (keys: readonly K[]) => Promise<V[]>) => {
    /** Settles when the statement of the batch scheduled last has ended. */
    let previous: Promise<unknown> = Promise.resolve();
    /** The statement of the batch sent last (DataLoader sends it from `run`, synchronously). */
    let sent: Promise<unknown> = Promise.resolve();
    return new DataLoader<K, V>(
      (keys) => {
        const statement = fn(keys);
        sent = statement.catch(() => undefined);
        return statement;
      },
      {
        cache: false,
        maxBatchSize: 1_000,
        batchScheduleFn: (run) => {
          const before = previous;
          let ended!: () => void;
          previous = new Promise<void>((r) => (ended = r));
          void before.then(() =>
            setTimeout(() => {
              run();
              void sent.then(ended);
            }, BATCH_WINDOW_MS),
          );
        },
      },
    );
  };
  const deliveries = batched(async (deviceIds: readonly string[]) => {
    const open = await events.delivering([...deviceIds], new Date(clock()));
    const byDevice = new Map<string, TEngineCommand[]>();
    for (const c of open) {
      const list = byDevice.get(c.deviceId) ?? [];
      if (list.length < COMMANDS_PER_ANSWER) {
        list.push({ id: c.id, type: c.type, args: c.args, deadline: c.deadline });
      }
      byDevice.set(c.deviceId, list);
    }
    for (const id of deviceIds) if (!byDevice.has(id)) pending.delete(id);
    return deviceIds.map((id) => byDevice.get(id) ?? []);
  });

  /**
   * Brings new commands to the engines whose streams this node holds: on the stream itself to
   * an engine that takes them (no check-in, so the one-second floor between check-ins never
   * holds a command back), else a nudge to check in now. Nodes without the stream do nothing.
   */
  function reach(deviceIds: readonly string[]) {
    const nudged: string[] = [];
    for (const id of deviceIds) {
      const how = push.reach(id);
      if (how === 'commands') void sendOnStream(id);
      else if (how === 'nudge') nudged.push(id);
    }
    push.nudge(nudged);
  }

  /**
   * A device's open commands delivered on its stream, as its check-in would have them (the same
   * batched statement: waiting ones become processing). Delivered and lost on the way (a stream
   * that died unseen), they are still open, so the next check-in brings them again. Too large for
   * one event (certificates), or not delivered, the engine is asked to check in for them.
   */
  async function sendOnStream(deviceId: string) {
    try {
      const commands = await deliveries.load(deviceId);
      if (commands.length === 0) return;
      const event: TPushCommands = { now: clock(), commands };
      const data = JSON.stringify(event);
      if (Buffer.byteLength(data) <= PUSH_COMMANDS_MAX_BYTES) {
        push.send(deviceId, 'commands', data);
        return;
      }
    } catch (err) {
      log.warn({ err }, 'commands not delivered on the push stream; its engine checks in for them');
    }
    push.nudge([deviceId]);
  }

  const results = batched(async (rows: readonly ResultRow[]) => {
    // The console writes what they changed (a licence installed, the devices' activity) before
    // it answers, so a synchronous caller reads the device with its command's end in it.
    const moved = await events.answered([...rows], new Date(clock()));
    ended(moved);
    return rows.map(() => true);
  });

  /** Ends open commands past their deadline (every SWEEP_EVERY_MS; tests call it at once). */
  async function sweepNow() {
    // No device has an open command: nothing can pass its deadline, and no statement is spent
    // (each one holds PGlite's single connection; at 20,000 engines two a second cost check-in
    // p99 1.6 s against 0.5 s in the first window of bench/checkin.mjs).
    if (pending.size === 0) return;
    ended(await events.overdue(new Date(clock()), SWEEP_LIMIT));
  }
  async function reload() {
    for (const id of await events.openCommandDevices()) pending.add(id);
  }

  /** New commands for these devices: every node marks them, their streams are nudged. */
  function announce(deviceIds: string[]) {
    for (let i = 0; i < deviceIds.length; i += ANNOUNCE_CHUNK) {
      announceEverywhere(deviceIds.slice(i, i + ANNOUNCE_CHUNK).join(','));
    }
  }

  /** Resolves when command `id` ends (its result, or the sweep), or after `ms`. */
  function waitFor(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        waiters.delete(id);
        resolve();
      }
      waiters.set(id, done);
    });
  }

  return {
    /** Reads which devices have open commands (at start). */
    start: reload,
    announce,

    /**
     * A push stream opened here: an engine that comes back (a restart, a dropped connection)
     * gets the commands made meanwhile at once rather than at its next check-in.
     */
    streamOpened(deviceId: string) {
      if (pending.has(deviceId)) reach([deviceId]);
    },
    sweep: sweepNow,

    /** Resolves when command `id` ends (its result, or the sweep), or after `ms`. */
    waitFor,

    /** The commands a check-in of this device answers (none at all unless it has open ones). */
    async open(deviceId: string): Promise<TEngineCommand[]> {
      if (!pending.has(deviceId)) return [];
      return deliveries.load(deviceId);
    },

    /**
     * A device's results, written once; answers the ids the console now holds: all it was
     * given, once written (an id that is not a command's, or not open, has nothing to write).
     */
    async results(deviceId: string, given: TCommandResult[]): Promise<string[]> {
      const rows = given
        .filter((r) => UUID.test(r.id))
        .map((r) => ({
          id: r.id,
          deviceId,
          code: r.code,
          message: r.message,
          detail: r.detail,
        }));
      await results.loadMany(rows).then(failedAny);
      return given.map((r) => r.id);
    },

    /** Which devices have open commands, read again (the job `command-reload`, jobs.ts). */
    reload,
    /** Lets every synchronous caller go (the server is closing). */
    stop() {
      for (const done of waiters.values()) done();
    },
  };
}
export type CommandQueue = ReturnType<typeof commandQueue>;

/** The queue's jobs (jobs.ts), on every node: the deadline sweep and the re-read of open commands. */
export const commandJobs = (q: CommandQueue): JobDefinition[] => [
  { name: 'command-sweep', everyMs: SWEEP_EVERY_MS, run: () => q.sweep() },
  { name: 'command-reload', everyMs: RELOAD_EVERY_MS, run: () => q.reload() },
];
