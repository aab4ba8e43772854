import { randomUUID } from 'node:crypto';
import { COMMAND_ANSWERS } from '@edp/shared/contracts/commands';
import type {
  CommandQueue,
  EngineEvents,
  InstalledLicence,
  LicenceChange,
  MovedCommand,
  ResultRow,
} from '../../engines/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { DeviceActivityLog, DeviceEventsService } from '../devices/index.ts';
import { commandRepository, type NewCommand } from './command-repository.ts';

/** The licences of the `licence.install` commands that finished, from the engines' answers. */
function installedLicences(moved: MovedCommand[], rows: readonly ResultRow[]): InstalledLicence[] {
  const finished = new Set(
    moved.filter((m) => m.type === 'licence.install' && m.state === 'finished').map((m) => m.id),
  );
  if (finished.size === 0) return [];
  return rows.flatMap((r) => {
    if (!finished.has(r.id)) return [];
    const licence = COMMAND_ANSWERS['licence.install'].safeParse(r.detail);
    return licence.success ? [{ deviceId: r.deviceId, ...licence.data }] : [];
  });
}

/** What the device centre is told of ended commands: the licences installed, the activity. */
interface EndedDeps {
  devices: Pick<DeviceEventsService, 'licencesInstalled'>;
  activity: Pick<DeviceActivityLog, 'commandsEnded'>;
}

/**
 * Tells the device centre what ended, once a batch and before anyone waiting hears of it (so a
 * synchronous caller reads the device's activity with its command in it). A failure there is
 * logged: the commands' own ends are written and stand.
 */
function teller(deps: EndedDeps & Pick<Platform, 'log'>) {
  return async (at: Date, commands: MovedCommand[], licences: LicenceChange[] = []) => {
    if (commands.length === 0 && licences.length === 0) return;
    await deps.activity
      .commandsEnded({ at, commands, licences })
      .catch((err: unknown) =>
        deps.log.warn({ err }, 'ended commands not told to the device centre'),
      );
  };
}

/** The commands module's part of the engines' `EngineEvents`. */
export type CommandEvents = Pick<
  EngineEvents,
  'openCommandDevices' | 'delivering' | 'answered' | 'overdue'
>;

/**
 * The commands as the engines reach them (issue 36 point 2): the open ones delivered, the
 * engines' results and the deadlines written, each in one statement a batch, with the tasks'
 * counters moved in it; a finished `licence.install` written to its device, and what ended told
 * to the devices' activity, before the engines hear the batch is done.
 */
export function commandEvents(deps: Pick<Platform, 'db' | 'log'> & EndedDeps): CommandEvents {
  const repo = commandRepository(deps.db);
  const tell = teller(deps);
  return {
    openCommandDevices: () => repo.devicesWithOpen(),
    delivering: (deviceIds, now) => repo.deliver(deviceIds, now),
    async answered(rows, now) {
      const moved = await repo.applyResults(rows, now);
      // A licence installed is the device's at once, before anyone waiting hears of the end.
      const licences = await deps.devices
        .licencesInstalled(installedLicences(moved, rows), now)
        .catch((err: unknown): LicenceChange[] => {
          deps.log.warn({ err }, 'installed licences not written; the check-ins will');
          return [];
        });
      await tell(now, moved, licences);
      return moved;
    },
    async overdue(now, limit) {
      const moved = await repo.sweep(now, limit);
      await tell(now, moved);
      return moved;
    },
  };
}

/** A command to send: to one device, waiting for it until `deadline`. */
export type CommandToSend = Omit<NewCommand, 'id' | 'now'> & { id?: string };

/**
 * The one way to send a command to an engine (issue 36 point 2): the commands are written
 * waiting (`enqueue`, or a task's statement, which makes them with the same SQL) and announced
 * on the engines' queue, which brings them to their devices (docs/commands.md). Synchronous
 * calls, elevation windows and licence delivery all send through here; tasks too.
 */
export function commandService(
  deps: Pick<Platform, 'db' | 'clock' | 'log'> &
    EndedDeps & { queue: Pick<CommandQueue, 'announce' | 'waitFor'> },
) {
  const { db, clock, queue } = deps;
  const repo = commandRepository(db);
  const tell = teller(deps);

  /**
   * Writes the commands waiting, in one statement: in `tx` when given, so that they stand or
   * fall with the change that makes them (a window's approval), and then the caller announces
   * them once it has committed; else announced at once.
   */
  async function enqueue(list: CommandToSend[], tx?: Db): Promise<string[]> {
    const now = new Date(clock());
    const made = list.map((c) => ({ ...c, id: c.id ?? randomUUID(), now }));
    await commandRepository(tx ?? db).enqueue(made);
    if (!tx) queue.announce(made.map((c) => c.deviceId));
    return made.map((c) => c.id);
  }

  return {
    enqueue,
    /** New commands for these devices, written already: every node hears of them. */
    announce: (deviceIds: string[]) => queue.announce(deviceIds),

    /**
     * One command to one device, waited for up to `waitMs` (a synchronous command): answers
     * how it ended. One that has not ended by then is ended as timed out, so it never runs
     * later without anyone knowing (the engine does not start it past its deadline either).
     */
    async send(c: Omit<CommandToSend, 'deadline' | 'id'> & { waitMs: number }) {
      const { waitMs, ...command } = c;
      const id = randomUUID();
      const now = clock();
      await repo.enqueue([
        { ...command, id, now: new Date(now), deadline: new Date(now + waitMs) },
      ]);
      const answered = queue.waitFor(id, waitMs);
      queue.announce([c.deviceId]);
      await answered;
      const at = new Date(clock());
      await tell(at, await repo.expire(id, at));
      return (await repo.find(id))!;
    },

    /** A task's waiting commands in `groupIds` (null: all) cancelled; answers how many. */
    async cancel(tenantId: string, taskId: string, groupIds: string[] | null) {
      return (await repo.cancel(tenantId, taskId, groupIds, new Date(clock()))).length;
    },

    /**
     * A task's failed and timed-out commands in `groupIds` (null: all) sent again for `forMs`
     * more; answers how many.
     */
    async retry(tenantId: string, taskId: string, groupIds: string[] | null, forMs: number) {
      const now = clock();
      const moved = await repo.retry(
        tenantId,
        taskId,
        groupIds,
        new Date(now + forMs),
        new Date(now),
      );
      queue.announce(moved.map((m) => m.deviceId));
      return moved.length;
    },

    /** A task's counters counted afresh from its commands. */
    recount: (tenantId: string, taskId: string) =>
      repo.recount(tenantId, taskId, new Date(clock())),
  };
}
export type CommandService = ReturnType<typeof commandService>;
