import {
  COMMAND_ANSWERS,
  type SyncType,
  type TCommandAnswer,
} from '@edp/shared/contracts/commands';
import { CommandErr, CommonErr, ConsoleErr, EngineErr } from '@edp/shared/errors';
import type { PresenceStore } from '../../engines/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Caller } from '../access/index.ts';
import type { AuditService } from '../audit/index.ts';
import { visibleDeviceGroups } from '../devices/index.ts';
import { deviceReadModel } from '../store/index.ts';
import { presenceOf } from '../devices/index.ts';
import type { CommandService } from './command-service.ts';

/**
 * Synchronous commands (docs/commands.md): one device's engine answers while the caller waits.
 * An offline device answers at once; a missed deadline ends the command as timed out; an
 * engine's refusal answers its own code. Every command is audited, a look into a folder too.
 */
export function syncService(
  deps: Pick<Platform, 'db' | 'clock'> & {
    audit: AuditService;
    commands: Pick<CommandService, 'send'>;
    presence: PresenceStore;
    /** How long to wait for an answer (the SYNC_WAIT_MS setting). */
    waitMs: number;
  },
) {
  const { db, clock, audit, commands, presence } = deps;
  const devices = deviceReadModel(db);
  const { waitMs } = deps;

  /** A running device of the caller's groups, or the error that says why not. */
  async function runningDevice(caller: Caller, deviceId: string) {
    const found = await devices.findById(caller.actor.tenantId, deviceId);
    if (!found || found.device.status !== 'running') throw new AppError(CommonErr.NotFound);
    const visible = await visibleDeviceGroups(db, caller.actor);
    if (visible && !visible.includes(found.device.groupId))
      throw new AppError(ConsoleErr.DeviceHidden);
    return found.device;
  }

  return {
    runningDevice,

    /**
     * Runs `type` on the device and answers the engine's detail. `shown`: what the audit log
     * records of the arguments (default all of them; a certificate's text is not worth keeping).
     */
    async run<T extends SyncType>(
      caller: Caller,
      deviceId: string,
      type: T,
      args: Record<string, unknown>,
      shown: Record<string, unknown> = args,
    ): Promise<TCommandAnswer<T>> {
      const device = await runningDevice(caller, deviceId);
      // Online as the device list says it: this node's own record, else the database's.
      const here = presence.lastSeen(device.id);
      const stored = device.lastSeenAt?.getTime() ?? null;
      const last = here !== undefined && (stored === null || here >= stored) ? here : stored;
      if (presenceOf(last, device.intervalS, clock(), here !== undefined) !== 'online')
        throw new AppError(CommandErr.DeviceOffline);

      const end = await commands.send({
        tenantId: device.tenantId,
        deviceId: device.id,
        type,
        args,
        createdBy: caller.actor.account,
        waitMs,
      });
      const named = { target: device.name, devices: [{ id: device.id, name: device.name }] };
      if (end.state === 'finished') {
        const answer = COMMAND_ANSWERS[type].safeParse(end.detail);
        // An engine that answers what its command does not define has failed the command.
        if (!answer.success) throw new AppError(EngineErr.InvalidData);
        await audit.change(caller, { ...named, after: { type, ...shown } });
        return answer.data as TCommandAnswer<T>;
      }
      if (end.state === 'failed' && end.code !== null) {
        // The engine's code in the reader's language; its own words travel beside (`data`).
        throw new AppError(end.code, { engineMessage: end.message ?? '' });
      }
      throw new AppError(CommandErr.NoAnswer, { seconds: Math.round(waitMs / 1000) });
    },
  };
}
export type SyncService = ReturnType<typeof syncService>;
