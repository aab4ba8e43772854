import { randomUUID } from 'node:crypto';
import type { TKeyStatus } from '@edp/shared/contracts/keys';
import { CommonErr, ConsoleErr, KeyErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { newAgeIdentity, unwrapKek, wrapUnderKek } from '../../platform/keys/index.ts';
import { visibleGroupIds, type Caller } from '../access/index.ts';
import { keyRotationReadModel, keysReadModel } from '../store/index.ts';
import { escrowRotationProgress } from './escrow-rotation-progress.ts';
import { escrowRotationRepository } from './escrow-rotation-repository.ts';
import { ESCROW_PURPOSE, type KeyDeps, type KeyService } from './key-service.ts';

/** A device's data-key rotation waits this long for devices offline when it is made (7 days). */
export const DEVICE_ROTATION_HOURS = 168;
export const ESCROW_ROTATION_JOB = 'escrow-key-rotation';
/** How often the job looks whether a rotation has nothing left to wait for. */
export const ESCROW_ROTATION_EVERY_MS = 60_000;

/**
 * What starting a data-key rotation needs of the console's one way of sending tasks
 * (console/commands' taskService.create, wired in services.ts: commands sit above keys).
 */
export type StartTask = (
  caller: Caller,
  input: {
    type: 'tde.rotate';
    args: { escrow: { id: string; recipient: string } };
    target: { ids: string[] };
    name: string;
    expiresInHours: number;
  },
) => Promise<{ taskId: string; total: number }>;

/**
 * Rotations of the escrow key pair and of devices' data keys (docs/keys.md "Rotation"). An
 * escrow-key rotation makes a new pair current and the old one `retiring`: the check-in hands
 * the new recipient to every engine whose state lists a key escrowed under another, and the old
 * key is retired (its identity and the data keys wrapped to it deleted) once no device waits or
 * is offline, or when a key manager finishes it. A data-key rotation is a task of `tde.rotate`.
 */
export function escrowRotationService(
  deps: KeyDeps & {
    keys: Pick<KeyService, 'status' | 'escrowKeyOf' | 'escrowKeyChanged'>;
    startTask: StartTask;
  },
) {
  const { db, clock, audit, keys } = deps;
  const root = deps.consoleKeySecret;
  const repo = escrowRotationRepository(db);
  const reads = keysReadModel(db);
  const rotations = keyRotationReadModel(db);

  const progress = escrowRotationProgress(deps);

  return {
    /** A new escrow pair current; the old one retiring; the engines told at their check-ins. */
    async rotateEscrow(caller: Caller): Promise<TKeyStatus> {
      const tenantId = caller.actor.tenantId;
      const now = new Date(clock());
      const id = randomUUID();
      const pair = await newAgeIdentity();
      const rotated = await repo.rotate(tenantId, now, async (tk) => {
        // The KEK as it is while the row is locked: a split activating meanwhile waits.
        const kek = unwrapKek(root, tenantId, tk.kekId, tk.kekWrapped);
        if (!kek) throw new AppError(KeyErr.Sealed);
        const identityWrapped = wrapUnderKek(kek, ESCROW_PURPOSE, id, pair.identity);
        kek.fill(0);
        return {
          id,
          tenantId,
          recipient: pair.recipient,
          identityWrapped,
          state: 'current',
          createdAt: now,
        };
      });
      if (!rotated) throw new AppError(KeyErr.NotInitialised);
      // Every node's check-ins hand out the new key from now on.
      keys.escrowKeyChanged(tenantId);
      await audit.change(caller, {
        target: 'escrowKey',
        before: { escrowKeyId: rotated.fromId, state: 'current' },
        after: { escrowKeyId: rotated.toId, retiring: rotated.fromId },
      });
      return keys.status(caller);
    },

    /** Retires the old key now: devices not re-escrowed stay not escrowed until they do. */
    async finishEscrowRotation(caller: Caller): Promise<TKeyStatus> {
      const tenantId = caller.actor.tenantId;
      const retiring = await repo.retiring(tenantId);
      if (retiring.length > 0) {
        const left = await rotations.notEscrowedByPresence({ tenantId, groupIds: null }, clock());
        const retired = await repo.retire(
          tenantId,
          retiring.map((k) => k.id),
        );
        if (retired.length > 0)
          await audit.change(caller, {
            target: 'escrowKey',
            before: { retiring: retired },
            after: { retired, notReEscrowed: left.waiting + left.offline },
          });
      }
      return keys.status(caller);
    },

    /** Every tenant with a rotation under way: retired where nothing is left (the job). */
    async retireDone(signal?: AbortSignal): Promise<number> {
      let retired = 0;
      for (const tenantId of await repo.rotatingTenants()) {
        if (signal?.aborted) break;
        retired += (await progress.retireIfDone(tenantId)).length;
      }
      return retired;
    },

    /**
     * Rotates these devices' data keys: a task of `tde.rotate` carrying the tenant's current
     * escrow key, to devices of the caller's groups only (any other refuses the whole call).
     */
    async rotateDevices(
      caller: Caller,
      input: { deviceIds: string[]; reason: string },
    ): Promise<{ id: string }> {
      const tenantId = caller.actor.tenantId;
      const escrowKey = await keys.escrowKeyOf(tenantId);
      if (!escrowKey) throw new AppError(KeyErr.NotInitialised);
      const ids = [...new Set(input.deviceIds)];
      const groupIds = await visibleGroupIds(db, caller.actor);
      const seen = await reads.devicesOf({ tenantId, groupIds }, ids, clock());
      if (seen.length < ids.length) {
        const known = new Set(seen.map((d) => d.id));
        const others = ids.filter((i) => !known.has(i));
        const exist = await reads.devicesOf({ tenantId, groupIds: null }, others, clock());
        throw new AppError(exist.length > 0 ? ConsoleErr.DeviceHidden : CommonErr.NotFound);
      }
      const made = await deps.startTask(caller, {
        type: 'tde.rotate',
        args: { escrow: { id: escrowKey.id, recipient: escrowKey.recipient } },
        target: { ids },
        name: input.reason.slice(0, 64),
        expiresInHours: DEVICE_ROTATION_HOURS,
      });
      return { id: made.taskId };
    },

    /** Devices not re-escrowed under the current escrow key (the incidents' live count). */
    async escrowRotationAffected(tenantId: string): Promise<number> {
      const left = await rotations.notEscrowedByPresence({ tenantId, groupIds: null }, clock());
      return left.waiting + left.offline;
    },

    /** Devices of a data-key rotation task whose rotation has not finished (the incidents'). */
    deviceRotationAffected: (tenantId: string, taskId: string) =>
      rotations.unfinishedOfTask(tenantId, taskId),
  };
}
export type EscrowRotationService = ReturnType<typeof escrowRotationService>;

/** Rotations with nothing left to wait for retired: at start, then every minute, on any node. */
export const escrowRotationJob = (
  rotation: Pick<EscrowRotationService, 'retireDone'>,
): JobDefinition => ({
  name: ESCROW_ROTATION_JOB,
  everyMs: ESCROW_ROTATION_EVERY_MS,
  atStart: true,
  run: (signal) => rotation.retireDone(signal).then(() => undefined),
});
