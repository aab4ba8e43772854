import { createHash } from 'node:crypto';
import type { TCheckInAnswer, TCommandResult, TEnrolAnswer } from '@edp/shared/contracts/agent';
import type { TEngineIdentity, TEngineState } from '@edp/shared/contracts/engine';
import { AgentErr } from '@edp/shared/errors';
import { AppError } from '../platform/errors/index.ts';
import type { EngineAuthCache } from './engine-auth.ts';
import type { DeviceAuth, EngineRepository } from './engine-repository.ts';
import type { CommandQueue } from './command-queue.ts';
import type { PresenceStore } from './presence.ts';
import { newDeviceToken, secretHash, tokenHash } from './device-token.ts';
import type { Metrics } from '../platform/metrics/index.ts';

/** Check-ins closer together than this are refused (a looping engine must not load the server). */
export const MIN_CHECK_IN_SPACING_MS = 1_000;

/** The digest of a state as zod parsed it (its keys in the schema's order). */
export const stateDigest = (state: TEngineState) =>
  createHash('sha256').update(JSON.stringify(state)).digest('hex');

/**
 * What an enrolment tells the tenant's audit log. The engines context sits below the console
 * and writes no audit itself: the composition root (services.ts) hands in the console's writer.
 */
export interface EngineEnrolled {
  tenantId: string;
  groupId: string;
  /** The name of the secret it enrolled with. */
  secretName: string;
  deviceId: string;
  name: string;
  identity: Pick<TEngineIdentity, 'ip' | 'kind' | 'systemType' | 'version'>;
  /** The address the enrolment came from (the engine's own `identity.ip` may differ). */
  ip: string;
  /** When it enrolled (ms). */
  at: number;
}

/** Enrolment and check-in (docs/engines.md). */
export function engineService(deps: {
  repo: EngineRepository;
  auth: EngineAuthCache;
  presence: PresenceStore;
  commands: CommandQueue;
  clock: () => number;
  /** The tenant's devices changed in a way its counters show (device-counts.ts). */
  changed: (tenantId: string) => void;
  metrics: Pick<Metrics, 'checkIns' | 'enrolments'>;
  /** The interval (s) an enrolment gives (CHECK_IN_INTERVAL_S). */
  intervalS: number;
  /** This node's start (ms): a gap that began before it is not written as activity. */
  upSince: number;
  /** Called after each enrolment: the tenant's audit log and the device's activity record it. */
  enrolled: (e: EngineEnrolled) => Promise<void>;
  /** The console's window key (PEM), which the engine keeps and trusts (docs/elevation.md). */
  consoleKey: () => Promise<string>;
}) {
  const { checkIns, enrolments } = deps.metrics;
  const { repo, auth, presence, clock } = deps;
  return {
    async enrol(
      secret: string,
      identity: TEngineIdentity,
      state: TEngineState,
      ip: string,
    ): Promise<TEnrolAnswer> {
      const now = clock();
      const owner = await repo.secretOwner(secretHash(secret), new Date(now));
      if (!owner) throw new AppError(AgentErr.SecretInvalid);
      const token = newDeviceToken();
      const hash = tokenHash(token);
      const digest = stateDigest(state);
      const { secretName, ...where } = owner;
      const device = await repo.enrol({
        ...where,
        identity,
        state,
        digest,
        tokenHash: hash,
        intervalS: deps.intervalS,
        now: new Date(now),
      });
      if (!device) throw new AppError(AgentErr.FingerprintDeprecated);
      enrolments.inc();
      // A re-enrolment replaces the token: the old one must stop working on every node.
      auth.evict(owner.tenantId, [device.id]);
      auth.prime(hash, {
        deviceId: device.id,
        tenantId: owner.tenantId,
        status: 'running',
        stateDigest: digest,
        intervalS: device.intervalS,
        storedSeenAt: now,
      });
      presence.stored(device.id, now);
      deps.changed(owner.tenantId);
      await deps.enrolled({
        tenantId: owner.tenantId,
        groupId: owner.groupId,
        secretName,
        deviceId: device.id,
        name: identity.name,
        identity,
        ip,
        at: now,
      });
      return {
        deviceId: device.id,
        token,
        interval: device.intervalS,
        consoleKey: await deps.consoleKey(),
      };
    },

    /**
     * A check-in: the state (written when it changed), the results it carries, and the open
     * commands of the device in the answer (docs/commands.md).
     */
    async checkIn(
      device: DeviceAuth,
      state: TEngineState,
      results: TCommandResult[] = [],
    ): Promise<TCheckInAnswer> {
      const now = clock();
      const last = presence.lastSeen(device.deviceId);
      if (last !== undefined && now - last < MIN_CHECK_IN_SPACING_MS) {
        checkIns.inc({ result: 'refused' });
        throw new AppError(AgentErr.CheckInTooSoon);
      }
      const digest = stateDigest(state);
      if (digest !== device.stateDigest) {
        const written = await repo.writeState(
          device.deviceId,
          state,
          digest,
          new Date(now),
          deps.upSince,
        );
        if (!written) {
          auth.evict(device.tenantId, [device.deviceId]);
          checkIns.inc({ result: 'refused' });
          throw new AppError(AgentErr.DeviceDeprecated);
        }
        device.stateDigest = digest;
        presence.seen(device.deviceId, now, now);
        presence.stored(device.deviceId, now);
        deps.changed(device.tenantId);
        checkIns.inc({ result: 'state' });
      } else {
        presence.seen(device.deviceId, device.storedSeenAt, now);
        checkIns.inc({ result: 'ok' });
      }
      // Results first: a command it has just answered is not delivered again.
      const acknowledged = results.length
        ? await deps.commands.results(device.deviceId, results)
        : [];
      const commands = await deps.commands.open(device.deviceId);
      return { interval: device.intervalS, now, commands, acknowledged };
    },

    /** Results sent between check-ins (`POST /api/agent/results`). */
    async results(device: DeviceAuth, results: TCommandResult[]) {
      return { acknowledged: await deps.commands.results(device.deviceId, results) };
    },
  };
}
export type EngineService = ReturnType<typeof engineService>;
