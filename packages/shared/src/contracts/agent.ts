import { z } from 'zod';
import { ENROL_SECRET_PATTERN } from '../constants.ts';
import { rule } from './field-rules.ts';
import { ZDataKeyId, ZEngineIdentity, ZEngineState } from './engine.ts';

/**
 * The engine protocol under /api/agent (docs/engines.md). Engines authenticate with an
 * enrolment secret once, then with their device token (`Authorization: Bearer …`); they never
 * use user sessions, cookies, captchas or Accept-Language.
 */

export { ENROL_SECRET_PATTERN };
export const ZEnrolSecret = z
  .string()
  .max(64, rule('enrolSecret'))
  .regex(ENROL_SECRET_PATTERN, rule('enrolSecret'));

/**
 * How far a re-enrolment proof's time may be from the console's clock (ms): a captured proof is
 * worthless after it, and the console also refuses one not newer than the last it accepted.
 */
export const ENROL_PROOF_WINDOW_MS = 5 * 60_000;

/** An engine's Ed25519 public key: the 32 raw bytes in base64url (43 characters). */
export const ZEngineKey = z
  .string()
  .max(43)
  .regex(/^[A-Za-z0-9_-]{43}$/, rule('wrongFormat'));

/**
 * What proves an engine (docs/engines.md "Re-enrolment"): the key pair it made at its first
 * enrolment and keeps in its state directory signs `enrolStatement` with the console's time.
 */
export const ZEnrolProof = z.object({
  key: ZEngineKey,
  /** The console's clock (ms) as the engine reckons it. */
  at: z.number().int().min(0).max(8_640_000_000_000_000),
  /** Ed25519 over `enrolStatement(fingerprint, key, at)`: 64 bytes in base64url. */
  signature: z
    .string()
    .max(86)
    .regex(/^[A-Za-z0-9_-]{86}$/, rule('wrongFormat')),
});
export type TEnrolProof = z.infer<typeof ZEnrolProof>;

/**
 * The text an enrolment proof signs: it names its purpose, the device's fingerprint (lower-case,
 * as the console keeps it), the key and the time, so it proves nothing else and for no other
 * device.
 */
export const enrolStatement = (fingerprint: string, key: string, at: number) =>
  `edp-enrol/v1\n${fingerprint.toLowerCase()}\n${key}\n${at}`;

export const ZEnrolRequest = z
  .object({
    /**
     * A live enrolment secret of the group to join. An engine the console knows may leave it out
     * and prove itself with `proof` alone (it keeps no secret: issue 34).
     */
    secret: ZEnrolSecret.optional(),
    identity: ZEngineIdentity,
    state: ZEngineState,
    /** The engine's key and a fresh signature: needed to enrol again as an existing device. */
    proof: ZEnrolProof.optional(),
    /** The engine's current device token, if it has one: proves a device enrolled before keys. */
    token: z.string().max(100).optional(),
  })
  .refine((b) => b.secret !== undefined || b.proof !== undefined, {
    message: rule('required'),
    path: ['secret'],
  });
export type TEnrolRequest = z.output<typeof ZEnrolRequest>;

export const ZEnrolAnswer = z.object({
  deviceId: z.string(),
  /** Shown once: the server keeps only its hash. */
  token: z.string(),
  /** Seconds until the first check-in (before jitter). */
  interval: z.number().int(),
  /**
   * The console's own Ed25519 public key (PEM): the engine keeps it and trusts the elevation and
   * learning-mode windows it signs (docs/elevation.md). Absent from a console before them.
   */
  consoleKey: z.string().max(1024).optional(),
  /**
   * The vendor's Ed25519 public key (PEM) this console checks licence certificates with: the
   * engine keeps the first it is given and refuses another from a later answer, so licences
   * can be installed without a key file (issue 35; docs/engines-agent.md "Licence"). Absent
   * from a console before it.
   */
  vendorKey: z.string().max(1024).optional(),
});
export type TEnrolAnswer = z.infer<typeof ZEnrolAnswer>;

/** Results in one request at most (a check-in's, or a results call's). */
export const RESULTS_MAX = 100;
/** The most a result's detail may weigh as JSON; a bigger one is refused (-10001). */
export const RESULT_DETAIL_MAX_BYTES = 256 * 1024;

/**
 * What an engine answers to one command (docs/commands.md): its code (0 success, else one of
 * SPEC §8), its own message (English, for its log and the console's detail), and a detail the
 * command type defines (contracts/commands.ts COMMAND_ANSWERS). Sent again until the console
 * has acknowledged it; the console counts it once.
 */
export const ZCommandResult = z.object({
  id: z.string().max(64),
  code: z.number().int().min(-99).max(0),
  message: z.string().max(500).default(''),
  detail: z
    .unknown()
    .optional()
    .refine(
      (d) => d === undefined || JSON.stringify(d).length <= RESULT_DETAIL_MAX_BYTES,
      rule('resultDetail'),
    ),
});
export type TCommandResult = z.output<typeof ZCommandResult>;

export const ZCheckInRequest = z.object({
  state: ZEngineState,
  /** Results of earlier commands not yet acknowledged. */
  results: z.array(ZCommandResult).max(RESULTS_MAX).default([]),
});

/** `POST /api/agent/results`: results at once, without waiting for the next check-in. */
export const ZResultsRequest = z.object({
  results: z.array(ZCommandResult).min(1).max(RESULTS_MAX),
});
export const ZResultsAnswer = z.object({
  /** The ids the console now holds (new or already held): the engine may forget them. */
  acknowledged: z.array(z.string()),
});
export type TResultsAnswer = z.infer<typeof ZResultsAnswer>;

/** A command for the engine: its id (the same on every delivery), type, arguments, deadline. */
export const ZEngineCommand = z.object({
  /** At most as long as a result's id, so every command can be answered. */
  id: z.string().max(64),
  type: z.string(),
  args: z.record(z.string(), z.unknown()),
  /**
   * The console's clock (ms) after which the command must not start: the engine answers -31
   * instead, and the console has already counted it as timed out.
   */
  deadline: z.number().int(),
});
export type TEngineCommand = z.infer<typeof ZEngineCommand>;

/** An escrow public key as the engines see it: its id and its age X25519 recipient. */
export const ZEscrowKey = z.object({
  id: z.uuid(),
  recipient: z
    .string()
    .max(100)
    .regex(/^age1[02-9ac-hj-np-z]{58}$/, rule('wrongFormat')),
});
export type TEscrowKey = z.infer<typeof ZEscrowKey>;

/** The most an escrowed key's age file may weigh (ASCII-armoured: about 400 bytes). */
export const ESCROW_WRAPPED_MAX = 2048;

/**
 * `POST /api/agent/keys`: data keys wrapped to an escrow public key (an ASCII-armoured age file
 * whose clear text is the 32-byte key). The console never receives a data key in clear.
 */
export const ZEscrowRequest = z.object({
  keys: z
    .array(
      z.object({
        id: ZDataKeyId,
        escrow: z.uuid(),
        wrapped: z
          .string()
          .max(ESCROW_WRAPPED_MAX)
          .startsWith('-----BEGIN AGE ENCRYPTED FILE-----'),
      }),
    )
    .min(1)
    .max(16),
});
export type TEscrowRequest = z.infer<typeof ZEscrowRequest>;
/** The key ids the console now holds escrowed under the escrow key they name. */
export const ZEscrowAnswer = z.object({ acknowledged: z.array(ZDataKeyId) });
export type TEscrowAnswer = z.infer<typeof ZEscrowAnswer>;

/**
 * The text a window-key announcement signs: its purpose, the new key's id and PEM, and whether
 * windows signed by the key it replaces are refused from now on (an incident) or kept.
 */
export const windowKeyStatement = (id: string, publicKey: string, revoke: boolean) =>
  `edp-window-key/v1\n${id}\n${revoke ? 'revoke' : 'keep'}\n${publicKey}`;

export const ZWindowKeyAnnouncement = z.object({
  /** The new key's id (16 hex, the `kid` of the windows it signs). */
  id: z.string().regex(/^[0-9a-f]{16}$/),
  /** The new key's SPKI PEM. */
  publicKey: z.string().max(1024),
  /** The id of the key that signed this announcement: the one the engine reported. */
  signedBy: z.string().regex(/^[0-9a-f]{16}$/),
  /** Ed25519 over windowKeyStatement(id, publicKey, revoke), base64. */
  signature: z.string().max(200),
  /**
   * True after an incident: windows signed by the old key are refused from now on, and those
   * open are closed. False: windows the old key signed before keep their end.
   */
  revoke: z.boolean(),
});
export type TWindowKeyAnnouncement = z.infer<typeof ZWindowKeyAnnouncement>;

export const ZCheckInAnswer = z.object({
  /** Seconds until the next check-in (before jitter). */
  interval: z.number().int(),
  /** The server's clock (ms), so an engine can tell how far its own is off. */
  now: z.number().int(),
  commands: z.array(ZEngineCommand),
  /** The ids of the request's results that the console now holds. */
  acknowledged: z.array(z.string()).default([]),
  /**
   * The tenant's current escrow public key, when the request's state lists a data key not
   * escrowed under it: the engine wraps those keys to it and sends them (`POST /api/agent/keys`,
   * docs/keys.md "Escrow").
   */
  escrow: ZEscrowKey.optional(),
  /**
   * A new window-signing key, when the state's `windowKey` is not the tenant's current one: the
   * engine checks `signature` with the key it holds, then trusts the new one (docs/keys.md
   * "Rotation").
   */
  windowKey: ZWindowKeyAnnouncement.optional(),
});
export type TCheckInAnswer = z.infer<typeof ZCheckInAnswer>;

/**
 * The push stream's query: `commands=1` is an engine that takes its open commands on the stream
 * itself (`event: commands`, ZPushCommands); without it, an engine from before is only asked to
 * check in (`event: checkin`), as it was (docs/commands.md "The channel").
 */
export const ZEngineEventsQuery = z.object({ commands: z.literal('1').optional() });

/**
 * The most an `event: commands` line may weigh (the engine's parser holds 64 KiB): commands that
 * do not fit are left to a check-in, which the stream then asks for.
 */
export const PUSH_COMMANDS_MAX_BYTES = 32 * 1024;

/**
 * `event: commands` of the push stream: the device's open commands, delivered as a check-in
 * answer would deliver them, and the console's clock when they were written. The engine runs
 * them without checking in (so the one-second floor between check-ins never holds a command
 * back) and sends their results with the results call.
 */
export const ZPushCommands = z.object({
  now: z.number().int(),
  commands: z.array(ZEngineCommand),
});
export type TPushCommands = z.infer<typeof ZPushCommands>;

/**
 * The reference engine as the console serves it (GET /api/agent/engine): one file that needs
 * only Node 20, built by `npm run build` (docs/engines-agent.md, "Getting the engine").
 */
export const ZEngineFile = z.object({
  /** The name the commands save it under. */
  fileName: z.string(),
  size: z.number().int(),
  /** Lower-case hex: what the commands check the download against. */
  sha256: z.string(),
  /** When this server's copy was built. */
  builtAt: z.string(),
});
export type TEngineFile = z.infer<typeof ZEngineFile>;
