import type { CommandState } from '@edp/shared/contracts/commands';
import type { TEngineIdentity, TEngineState } from '@edp/shared/contracts/engine';
import type { TLogBatch, TLogBatchAnswer } from '@edp/shared/contracts/logs';
import type {
  TEscrowKey,
  TEscrowRequest,
  TWindowKeyAnnouncement,
} from '@edp/shared/contracts/agent';
import type { deviceActivity } from '../platform/db/index.ts';

/** What a check-in needs of its device, cached by token hash (engine-auth.ts). */
export interface DeviceAuth {
  deviceId: string;
  tenantId: string;
  status: 'running' | 'deprecated';
  stateDigest: string | null;
  intervalS: number;
  /** The last-seen time the database holds (ms), so presence knows when to write again. */
  storedSeenAt: number | null;
}

/** The group a live enrolment secret enrols into. */
export interface SecretOwner {
  secretId: string;
  secretName: string;
  tenantId: string;
  groupId: string;
}

/**
 * What an enrolment tells the tenant's audit log and the device's activity (`enrolled`).
 */
export interface EngineEnrolled {
  tenantId: string;
  groupId: string;
  /** The name of the secret it enrolled with ('' when it proved itself without one). */
  secretName: string;
  deviceId: string;
  name: string;
  identity: Pick<TEngineIdentity, 'ip' | 'kind' | 'systemType' | 'version'>;
  /** The address the enrolment came from (the engine's own `identity.ip` may differ). */
  ip: string;
  /** When it enrolled (ms). */
  at: number;
}

/** The device a logged batch came from. */
export type EngineDevice = Pick<DeviceAuth, 'deviceId' | 'tenantId'>;

/**
 * What an enrolment offers to prove it is an existing device's engine: a key whose signature the
 * service has verified (and its time), the token it holds (as its SHA-256). Either may be absent.
 */
export interface Proof {
  key?: string;
  at?: number;
  tokenHash?: string;
}

/** The device an enrolment wrote. */
export interface Enrolled {
  id: string;
  tenantId: string;
  groupId: string;
  intervalS: number;
}

/** An enrolment with a group's secret: a new device, or the same one again when proven. */
export interface Enrolling {
  tenantId: string;
  groupId: string;
  /** The secret it enrolled with: the secrets' list counts its engines. */
  secretId: string;
  identity: TEngineIdentity;
  state: TEngineState;
  digest: string;
  tokenHash: string;
  intervalS: number;
  now: Date;
  proof: Proof;
}

/** An enrolment by proof alone: the device its key or token names, with a new token. */
export interface Reproving {
  /** Only a device of this tenant (an enrolment that also gave a tenant's secret). */
  tenantId?: string;
  identity: TEngineIdentity;
  state: TEngineState;
  digest: string;
  tokenHash: string;
  now: Date;
  proof: Proof;
}

/** An entry of a device's activity as the check-ins reveal it (a gap: offline, back online). */
export type ActivityRow = typeof deviceActivity.$inferInsert;

/** An open command as a check-in delivers it. */
export interface OpenCommand {
  id: string;
  deviceId: string;
  type: string;
  args: Record<string, unknown>;
  deadline: number;
}

/** A command whose state a statement changed. */
export interface MovedCommand {
  id: string;
  taskId: string | null;
  tenantId: string;
  deviceId: string;
  state: CommandState;
  type: string;
  /** The engine's code once it answered (null: it did not). */
  code: number | null;
  /** The account that sent it. */
  createdBy: string;
  /** Its arguments without a certificate (large, and nothing the console shows). */
  args: Record<string, unknown>;
}

/** One engine's answer to one command, as the results statement takes it. */
export interface ResultRow {
  id: string;
  deviceId: string;
  code: number;
  message: string;
  detail: unknown;
}

/** A licence an engine answered that it installed (a finished `licence.install`). */
export interface InstalledLicence {
  deviceId: string;
  licenseCode: string;
  serial: number;
  kind: string;
  expiresAt: string;
}

/** A device's licence as a finished `licence.install` changed it: now and before (null: none). */
export interface LicenceChange {
  tenantId: string;
  deviceId: string;
  licence: { serial: number; expiresAt: string; code: string };
  previous: { serial: number; expiresAt: string; code: string | null } | null;
}

/** Commands that ended in one batch, and the licences a finished `licence.install` changed. */
export interface CommandsEnded {
  at: Date;
  commands: MovedCommand[];
  licences: LicenceChange[];
}

/**
 * What the engines tell the console, and what they ask of it (issue 36 point 2). The engines
 * context stands below the console and reads or writes no console table: an enrolment, a
 * check-in's state, last-seen times, an engine's results and logs reach the console through this
 * one interface, and the devices of check-ins' tokens and the group of a secret come back by it, which the composition root (services.ts) builds from the console's modules: the
 * device centre writes `devices` and their activity, the commands module `commands` and `tasks`,
 * the logs their tables. Each method is called once a batch where the engines batch (last-seen
 * times, deliveries, results, the deadline sweep), so the statements stay one a batch.
 */
export interface EngineEvents {
  /** The group a live secret enrols into, by its SHA-256 (revoked, expired or wrong: none). */
  secretOwner(secretHash: string, now: Date): Promise<SecretOwner | undefined>;
  /** The devices of these token hashes, one statement for a batch of check-ins. */
  devicesOfTokens(hashes: string[]): Promise<Map<string, DeviceAuth>>;
  /** Why an enrolment came back empty: the device with this fingerprint is deprecated, or not. */
  deprecatedByFingerprint(tenantId: string, fingerprint: string): Promise<boolean>;
  /** Why a re-proof came back empty: the device of this key is deprecated, or not. */
  deprecatedByKey(key: string): Promise<boolean>;
  /** An enrolment with a secret: the device written, or undefined when not proven (or deprecated). */
  enrolling(e: Enrolling): Promise<Enrolled | undefined>;
  /** An enrolment by proof alone: the device written, or undefined (not proven, deprecated). */
  reproving(e: Reproving): Promise<Enrolled | undefined>;
  /** After each enrolment: the tenant's audit log and the device's activity record it. */
  enrolled(e: EngineEnrolled): Promise<void>;
  /**
   * A check-in whose state changed, written with the time it was seen (and what it reveals, a
   * gap or a new licence, to the device's activity). False: the device is deprecated. A gap that
   * began before `upSince` (this node's start, ms) is not reported.
   */
  stateChanged(
    deviceId: string,
    state: TEngineState,
    digest: string,
    now: Date,
    upSince: number,
  ): Promise<boolean>;
  /**
   * Last-seen times, one statement a batch; answers the "went offline / back online" pairs of
   * the devices back from a gap that began after `upSince`, for `cameBack`.
   */
  seen(ids: string[], seenAt: number[], upSince: number): Promise<ActivityRow[]>;
  /** Those pairs written to the devices' activity (in small statements, by the flusher). */
  cameBack(rows: ActivityRow[]): Promise<void>;
  /**
   * Hours seen, for the devices' heartbeat history: `bits` holds bit i for hour i (UTC) of the
   * `day` beside it. One statement a batch; a device gone since is skipped.
   */
  hoursSeen(ids: string[], days: string[], bits: number[]): Promise<void>;
  /** A tenant's devices changed in a way its counters show. */
  changed(tenantId: string): void;

  /** Devices with an open command: what a node marks at its start. */
  openCommandDevices(): Promise<string[]>;
  /**
   * The open commands of these devices, oldest first, those waiting now delivered (processing),
   * in one statement for any number of check-ins.
   */
  delivering(deviceIds: string[], now: Date): Promise<OpenCommand[]>;
  /**
   * Engines' results, one statement a batch: answers the commands they ended. The console writes
   * what they changed (an installed licence, the devices' activity) before it answers.
   */
  answered(results: ResultRow[], now: Date): Promise<MovedCommand[]>;
  /** Open commands past their deadline ended as timeout (`limit` a state); answers them. */
  overdue(now: Date, limit: number): Promise<MovedCommand[]>;

  /** An engine's log batch (POST /api/agent/logs): the console stores it. */
  logged(device: EngineDevice, batch: TLogBatch): Promise<TLogBatchAnswer>;
  /** The tenant's current window-signing key (PEM), handed to every engine at enrolment. */
  consoleKey(tenantId: string): Promise<string>;
  /**
   * The tenant's current window-signing key announced to an engine that reports trusting another
   * (docs/keys.md "Rotation"): signed by the key it reported, or null when that is the current
   * one (answered from memory) or a key the console does not know.
   */
  windowKeyFor(tenantId: string, reportedKeyId: string): Promise<TWindowKeyAnnouncement | null>;

  /**
   * The tenant's current escrow public key (docs/keys.md "Escrow"), null before its keys are
   * initialised. Asked on check-ins whose state lists a key not escrowed: the console answers
   * from memory.
   */
  escrowKey(tenantId: string): Promise<TEscrowKey | null>;
  /**
   * Data keys an engine wrapped to an escrow key (`POST /api/agent/keys`): the console keeps
   * those wrapped to the tenant's current escrow key and answers their ids (others are not
   * acknowledged, so the engine wraps them again at the key the next check-in gives).
   */
  escrowed(device: EngineDevice, keys: TEscrowRequest['keys'], now: Date): Promise<string[]>;
}
