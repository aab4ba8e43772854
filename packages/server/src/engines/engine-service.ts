import { createHash } from 'node:crypto';
import {
  ENROL_PROOF_WINDOW_MS,
  type TCheckInAnswer,
  type TCommandResult,
  type TEnrolAnswer,
  type TEnrolRequest,
  type TEscrowAnswer,
  type TEscrowRequest,
} from '@edp/shared/contracts/agent';
import { rule } from '@edp/shared/contracts/field-rules';
import type { TEngineState } from '@edp/shared/contracts/engine';
import { AgentErr, CommonErr } from '@edp/shared/errors';
import { isUniqueViolation } from '../platform/db/index.ts';
import { AppError } from '../platform/errors/index.ts';
import type { EngineAuthCache } from './engine-auth.ts';
import type { DeviceAuth, Enrolled, EngineEvents, Proof } from './engine-events.ts';
import { signedProof } from './enrol-proof.ts';
import type { CommandQueue } from './command-queue.ts';
import type { PresenceStore } from './presence.ts';
import { newDeviceToken, secretHash, tokenHash } from './device-token.ts';
import type { Metrics } from '../platform/metrics/index.ts';

/** Check-ins closer together than this are refused (a looping engine must not load the server). */
export const MIN_CHECK_IN_SPACING_MS = 1_000;

/** The digest of a state as zod parsed it (its keys in the schema's order). */
/**
 * What tells a changed state from the last one written. A data key's `escrow` is left out: the
 * console keeps which keys are escrowed itself (console/keys), and 100,000 engines escrowing
 * after keys are initialised must not each write their device's state again (bench/escrow.mjs).
 */
export const stateDigest = (state: TEngineState) =>
  createHash('sha256')
    .update(JSON.stringify({ ...state, keys: state.keys.map((k) => k.id) }))
    .digest('hex');

/**
 * What a request offers as proof, checked before any statement: a key proof must be signed over
 * this device's statement and dated within the window of the console's clock (so a captured one
 * is worthless minutes later; the repository refuses one not newer than the last accepted).
 */
function proofOf(body: TEnrolRequest, now: number): Proof {
  const proof: Proof = {};
  if (body.proof) {
    if (Math.abs(body.proof.at - now) > ENROL_PROOF_WINDOW_MS) {
      throw new AppError(AgentErr.EnrolProofStale, { now: new Date(now).toISOString() });
    }
    if (!signedProof(body.proof, body.identity.fingerprint)) {
      throw new AppError(CommonErr.Invalid, {
        field: 'proof.signature',
        detail: rule('wrongFormat'),
      });
    }
    proof.key = body.proof.key;
    proof.at = body.proof.at;
  }
  if (body.token !== undefined) proof.tokenHash = tokenHash(body.token);
  return proof;
}

/**
 * A statement that may meet another device's key or fingerprint (the unique indexes): null then,
 * which the caller tells apart from "not proven" (undefined).
 */
async function unlessTaken<T>(write: () => Promise<T | undefined>): Promise<T | undefined | null> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Enrolment and check-in (docs/engines.md). */
export function engineService(deps: {
  auth: EngineAuthCache;
  presence: PresenceStore;
  commands: CommandQueue;
  clock: () => number;
  /** The console: it writes the devices, audits enrolments and gives its window key. */
  events: Pick<
    EngineEvents,
    | 'secretOwner'
    | 'deprecatedByFingerprint'
    | 'deprecatedByKey'
    | 'enrolling'
    | 'reproving'
    | 'enrolled'
    | 'stateChanged'
    | 'changed'
    | 'consoleKey'
    | 'windowKeyFor'
    | 'escrowKey'
    | 'escrowed'
  >;
  metrics: Pick<Metrics, 'checkIns' | 'enrolments'>;
  /** The interval (s) an enrolment gives (CHECK_IN_INTERVAL_S). */
  intervalS: number;
  /** This node's start (ms): a gap that began before it is not written as activity. */
  upSince: number;
  /**
   * The vendor's public key (PEM) the console checks licence certificates with: the engine
   * pins the first it is given and checks certificates with it (issue 35).
   */
  vendorKey: string;
}) {
  const { checkIns, enrolments } = deps.metrics;
  const { auth, presence, clock, events } = deps;

  /**
   * The tenant's escrow key, when the state lists a data key not escrowed under it (docs/keys.md
   * "Escrow"). A state that lists no key asks nothing: an idle check-in costs what it did.
   */
  const escrowFor = async (tenantId: string, state: TEngineState) => {
    if (state.keys.length === 0) return {};
    const key = await events.escrowKey(tenantId);
    return key && state.keys.some((k) => k.escrow !== key.id) ? { escrow: key } : {};
  };
  /**
   * The tenant's window-signing key, announced when the engine reports trusting another
   * (docs/keys.md "Rotation"); the console answers an engine on the current key from memory.
   */
  const windowKeyFor = async (tenantId: string, state: TEngineState) => {
    if (!state.windowKey) return {};
    const windowKey = await events.windowKeyFor(tenantId, state.windowKey);
    return windowKey ? { windowKey } : {};
  };
  return {
    /**
     * Enrolment (docs/engines.md "Re-enrolment"): with a group's secret, a new device joins the
     * group; an existing one (its fingerprint) is enrolled again only when the request proves it
     * is that device's engine (its key or current token) or the console allowed it. With the
     * proof alone, the device its key or token names is enrolled again. Anything else is refused
     * and changes nothing.
     */
    async enrol(body: TEnrolRequest, ip: string): Promise<TEnrolAnswer> {
      const { identity, state } = body;
      const now = clock();
      const proof = proofOf(body, now);
      const token = newDeviceToken();
      const hash = tokenHash(token);
      const digest = stateDigest(state);
      const written = { identity, state, digest, tokenHash: hash, now: new Date(now), proof };
      let device: Enrolled | undefined | null;
      let secretName = '';
      if (body.secret !== undefined) {
        const owner = await events.secretOwner(secretHash(body.secret), new Date(now));
        if (!owner) throw new AppError(AgentErr.SecretInvalid);
        const { secretName: name, ...where } = owner;
        secretName = name;
        device = await unlessTaken(() =>
          events.enrolling({ ...where, ...written, intervalS: deps.intervalS }),
        );
        // Its key names a device of the tenant under another fingerprint (a renamed host).
        if (device === null) {
          device = await unlessTaken(() =>
            events.reproving({ ...written, tenantId: owner.tenantId }),
          );
        }
        if (!device) {
          const gone = await events.deprecatedByFingerprint(owner.tenantId, identity.fingerprint);
          throw new AppError(gone ? AgentErr.FingerprintDeprecated : AgentErr.ReenrolNotProven);
        }
      } else {
        device = await unlessTaken(() => events.reproving(written));
        if (!device) {
          const gone = proof.key !== undefined && (await events.deprecatedByKey(proof.key));
          throw new AppError(gone ? AgentErr.DeviceDeprecated : AgentErr.ReenrolNotProven);
        }
      }
      enrolments.inc();
      // A re-enrolment replaces the token: the old one must stop working on every node.
      auth.evict(device.tenantId, [device.id]);
      auth.prime(hash, {
        deviceId: device.id,
        tenantId: device.tenantId,
        status: 'running',
        stateDigest: digest,
        intervalS: device.intervalS,
        storedSeenAt: now,
      });
      presence.stored(device.id, now);
      events.changed(device.tenantId);
      await events.enrolled({
        tenantId: device.tenantId,
        groupId: device.groupId,
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
        consoleKey: await events.consoleKey(device.tenantId),
        vendorKey: deps.vendorKey,
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
        const written = await events.stateChanged(
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
        events.changed(device.tenantId);
        checkIns.inc({ result: 'state' });
      } else {
        presence.seen(device.deviceId, device.storedSeenAt, now);
        checkIns.inc({ result: 'ok' });
      }
      // Before the results and commands: a failure here leaves no command marked delivered that
      // the engine never received.
      const escrow = await escrowFor(device.tenantId, state);
      const windowKey = await windowKeyFor(device.tenantId, state);
      // Results first: a command it has just answered is not delivered again.
      const acknowledged = results.length
        ? await deps.commands.results(device.deviceId, results)
        : [];
      const commands = await deps.commands.open(device.deviceId);
      return { interval: device.intervalS, now, commands, acknowledged, ...escrow, ...windowKey };
    },

    /**
     * Data keys wrapped to the escrow key a check-in gave (`POST /api/agent/keys`): the console
     * keeps those wrapped to the tenant's current one and answers their ids.
     */
    async escrowed(device: DeviceAuth, keys: TEscrowRequest['keys']): Promise<TEscrowAnswer> {
      const at = new Date(clock());
      const acknowledged = await events.escrowed(device, keys, at);
      return { acknowledged };
    },

    /** Results sent between check-ins (`POST /api/agent/results`). */
    async results(device: DeviceAuth, results: TCommandResult[]) {
      return { acknowledged: await deps.commands.results(device.deviceId, results) };
    },
  };
}
export type EngineService = ReturnType<typeof engineService>;
