import { z } from 'zod';
import { ZMsUuidCursor, ZUuid } from './common.ts';
import { ZDataKeyId } from './engine.ts';
import { rule } from './field-rules.ts';
import {
  INCIDENT_KINDS,
  INCIDENT_STATES,
  PASSPHRASE_MIN,
  RECOVERY_STATES,
  SHARE_STATES,
  SPLIT_MAX,
  SPLIT_MIN,
  SPLIT_STATES,
} from './keys-values.ts';

export * from './keys-values.ts';

/**
 * Key management under dual control (SPEC §2 key management; docs/keys.md). Nothing here ever
 * carries key material, except a share to its own holder once (a download) and a recovery file
 * to its requester once (a download).
 */

/** An age X25519 recipient (`age1…`), as `age-keygen` prints it. */
export const ZAgeRecipient = z
  .string()
  .trim()
  .max(100)
  .regex(/^age1[02-9ac-hj-np-z]{58}$/, rule('ageRecipient'));

/** What a share or a recovery file is encrypted to: a passphrase, or an age recipient. */
export const ZProtectWith = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('passphrase'),
    passphrase: z.string().min(PASSPHRASE_MIN, rule('passphrase')).max(256),
  }),
  z.object({ kind: z.literal('recipient'), recipient: ZAgeRecipient }),
]);
export type TProtectWith = z.infer<typeof ZProtectWith>;

/** A share as its holder presents it (the clear text, `edp-share.1.<split>.<bytes>`). */
export const ZShareText = z
  .string()
  .trim()
  .max(200)
  .regex(/^edp-share\.1\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{40,120}$/, rule('shareText'));

const ZPerson = z.object({ id: z.string(), account: z.string(), name: z.string() });

export const ZKeyHolder = ZPerson.extend({
  share: z.enum(SHARE_STATES),
  downloadedAt: z.iso.datetime().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
});

export const ZSplit = z.object({
  id: ZUuid,
  state: z.enum(SPLIT_STATES),
  threshold: z.number().int(),
  holders: z.array(ZKeyHolder),
  createdAt: z.iso.datetime(),
  createdBy: ZPerson.nullable(),
});
export type TSplit = z.infer<typeof ZSplit>;

/**
 * How far a rotation has reached over the devices it concerns: done, waiting (seen within two
 * check-in intervals, not done yet) and offline (not seen since).
 */
export const ZRotationProgress = z.object({
  done: z.number().int(),
  waiting: z.number().int(),
  offline: z.number().int(),
});
export type TRotationProgress = z.infer<typeof ZRotationProgress>;

/** `/kss/status`: where the tenant's keys stand. */
export const ZKeyStatus = z.object({
  initialised: z.boolean(),
  initialisedAt: z.iso.datetime().nullable(),
  /** The tenant's key managers (users holding the `kss` duty): who may hold a share. */
  keyManagers: z.array(ZPerson),
  /**
   * Dual control is on when an active split needs at least two people. Off: fewer than two key
   * managers, or no split confirmed yet (`dualControlOff` says which).
   */
  dualControl: z.boolean(),
  dualControlOff: z.enum(['oneKeyManager', 'noSplit', 'splitPending']).nullable(),
  /** The split recoveries use, and one waiting for its holders' confirmation. */
  activeSplit: ZSplit.nullable(),
  pendingSplit: ZSplit.nullable(),
  escrowKey: z.object({ id: ZUuid, createdAt: z.iso.datetime() }).nullable(),
  /**
   * An escrow-key rotation under way (docs/keys.md "Rotation"): the engines re-wrap their keys
   * to the new key at their next check-in; the old key is retired when none waits, or when a key
   * manager finishes the rotation.
   */
  escrowRotation: z
    .object({ fromId: ZUuid, startedAt: z.iso.datetime(), progress: ZRotationProgress })
    .nullable(),
  /**
   * The key that signs the tenant's elevation and learning-mode windows: its id (16 hex, as a
   * window's `kid`), whether it is the tenant's own (wrapped by the KEK) or still the console's
   * shared one, and a rotation under way (engines told the new key at their next check-in).
   */
  windowKey: z
    .object({
      id: z.string(),
      own: z.boolean(),
      createdAt: z.iso.datetime().nullable(),
      rotation: z.object({ startedAt: z.iso.datetime(), progress: ZRotationProgress }).nullable(),
    })
    .nullable(),
  /** Devices whose state lists data keys, and those with one not escrowed under the current key. */
  escrow: z.object({ devicesWithKeys: z.number().int(), notEscrowed: z.number().int() }),
  /** The caller's own share in the pending or active split, if any. */
  myShare: z
    .object({ splitId: ZUuid, splitState: z.enum(SPLIT_STATES), share: z.enum(SHARE_STATES) })
    .nullable(),
});
export type TKeyStatus = z.infer<typeof ZKeyStatus>;

/** `/kss/init`: the tenant's keys, once; a first split when `holders` are given. */
export const ZKeyInit = z.object({
  split: z
    .object({
      threshold: z.number().int().min(SPLIT_MIN).max(SPLIT_MAX),
      holders: z.array(z.string().min(1).max(64)).min(SPLIT_MIN).max(SPLIT_MAX),
    })
    .refine((s) => s.threshold <= s.holders.length, rule('threshold'))
    .refine((s) => new Set(s.holders).size === s.holders.length, rule('distinctHolders'))
    .optional(),
});
export type TKeyInit = z.infer<typeof ZKeyInit>;
/** `/kss/split`: a new split of a new KEK (the current one is retired once it is confirmed). */
export const ZKeySplit = z
  .object({
    threshold: z.number().int().min(SPLIT_MIN).max(SPLIT_MAX),
    holders: z.array(z.string().min(1).max(64)).min(SPLIT_MIN).max(SPLIT_MAX),
  })
  .refine((s) => s.threshold <= s.holders.length, rule('threshold'))
  .refine((s) => new Set(s.holders).size === s.holders.length, rule('distinctHolders'));
export type TKeySplit = z.infer<typeof ZKeySplit>;

/** `/kss/share/download`: the caller's share, once, encrypted as they choose. */
export const ZShareDownload = z.object({ protect: ZProtectWith });
/** `/kss/share/confirm`: the caller's share, decrypted, to show the file works. */
export const ZShareConfirm = z.object({ share: ZShareText });

/** `/kss/rotate/device`: rotate these devices' data keys (a task: re-encrypt, escrow, drop). */
export const ZRotateDevices = z.object({
  deviceIds: z.array(ZUuid).min(1).max(1000),
  reason: z.string().trim().min(1).max(200),
});

/** `/kss/rotate/escrow/finish`: retire the old escrow key now, though some engines wait. */
export const ZFinishRotation = z.object({ confirm: z.literal(true) });

// Incidents (docs/keys.md "Incidents").

/** What a timeline entry records. */
export const INCIDENT_EVENTS = [
  'declared',
  'actionStarted',
  'contained',
  'closed',
  'note',
  'warned',
] as const;

const ZIncidentNote = z.string().trim().min(1).max(500);
export const ZIncidentDeclare = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('share'),
    /** The holder whose share is lost or exposed. */
    holderId: z.string().min(1).max(64),
    /** The new split, without that holder. */
    split: ZKeySplit,
    note: ZIncidentNote,
  }),
  z.object({ kind: z.literal('escrowKey'), note: ZIncidentNote }),
  z.object({ kind: z.literal('device'), deviceId: ZUuid, note: ZIncidentNote }),
  z.object({ kind: z.literal('windowKey'), note: ZIncidentNote }),
]);
export type TIncidentDeclare = z.infer<typeof ZIncidentDeclare>;
export const ZIncidentNoteRequest = z.object({ id: ZUuid, note: ZIncidentNote });

export const ZIncident = z.object({
  id: ZUuid,
  kind: z.enum(INCIDENT_KINDS),
  state: z.enum(INCIDENT_STATES),
  note: z.string(),
  holder: ZPerson.nullable(),
  device: z.object({ id: ZUuid, name: z.string() }).nullable(),
  declaredBy: ZPerson,
  declaredAt: z.iso.datetime(),
  containedAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
  /** Devices still affected, counted when read (0 for a share). */
  affected: z.number().int(),
  timeline: z.array(
    z.object({
      at: z.iso.datetime(),
      by: ZPerson.nullable(),
      event: z.enum(INCIDENT_EVENTS),
      detail: z.string(),
    }),
  ),
});
export type TIncident = z.infer<typeof ZIncident>;
export const ZIncidentListRequest = z.object({
  state: z.enum(INCIDENT_STATES).optional(),
  cursor: ZMsUuidCursor.optional(),
  size: z.number().int().min(1).max(100).default(20),
});
export const ZIncidentPage = z.object({
  items: z.array(ZIncident),
  next: ZMsUuidCursor.nullable(),
});

/** A device's data keys and their escrow (`/kss/escrow/list`, `/kss/escrow/device`). */
export const ZEscrowedDataKey = z.object({
  keyId: ZDataKeyId,
  /** When the engine first listed it. */
  seenAt: z.iso.datetime(),
  /** Under the current escrow key: when; null when not (yet). */
  escrowedAt: z.iso.datetime().nullable(),
});
export const ZDeviceEscrow = z.object({
  deviceId: ZUuid,
  name: z.string(),
  groupName: z.string(),
  online: z.boolean(),
  lastSeenAt: z.iso.datetime().nullable(),
  keys: z.array(ZEscrowedDataKey),
});
export type TDeviceEscrow = z.infer<typeof ZDeviceEscrow>;

export const ZEscrowListRequest = z.object({
  /** `missing`: devices with a key not escrowed under the current escrow key. */
  filter: z.enum(['all', 'missing']).default('all'),
  q: z.string().trim().max(64).optional(),
  cursor: ZMsUuidCursor.optional(),
  size: z.number().int().min(1).max(100).default(20),
});
export const ZEscrowPage = z.object({
  items: z.array(ZDeviceEscrow),
  next: ZMsUuidCursor.nullable(),
});
export type TEscrowPage = z.infer<typeof ZEscrowPage>;
export const ZDeviceRef = z.object({ deviceId: ZUuid });

/** `/kss/recovery/ask`. */
export const ZRecoveryAsk = z.object({
  deviceId: ZUuid,
  /** The key the files were encrypted with (their header); absent: the device's newest. */
  keyId: ZDataKeyId.optional(),
  reason: z.string().trim().min(1).max(200),
  deliver: ZProtectWith,
});
export const ZRecoveryId = z.object({ id: ZUuid });
export const ZRecoveryPresent = z.object({ id: ZUuid, share: ZShareText });

export const ZRecovery = z.object({
  id: ZUuid,
  state: z.enum(RECOVERY_STATES),
  deviceId: ZUuid,
  deviceName: z.string(),
  keyId: ZDataKeyId,
  reason: z.string(),
  deliver: z.enum(['passphrase', 'recipient']),
  requestedBy: ZPerson,
  threshold: z.number().int(),
  /** Who has presented a share (never the share). */
  presented: z.array(ZPerson.extend({ at: z.iso.datetime() })),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** The caller may present a share now (a holder of the split, not presented yet, open). */
  mayPresent: z.boolean(),
  /** The caller is the requester and the file waits for download. */
  mayDownload: z.boolean(),
});
export type TRecovery = z.infer<typeof ZRecovery>;
export const ZRecoveryListRequest = z.object({
  state: z.enum(RECOVERY_STATES).optional(),
  cursor: ZMsUuidCursor.optional(),
  size: z.number().int().min(1).max(100).default(20),
});
export const ZRecoveryPage = z.object({
  items: z.array(ZRecovery),
  next: ZMsUuidCursor.nullable(),
});

/** The recovery file's clear text (an age file's content, `age -d` prints it). */
export const RECOVERY_FORMAT = 'edp-recovery/v1';
export const ZRecoveryPayload = z.object({
  format: z.literal(RECOVERY_FORMAT),
  deviceId: z.string(),
  keyId: ZDataKeyId,
  /** The 32-byte data key, base64. */
  key: z.string().regex(/^[A-Za-z0-9+/]{43}=$/),
});
export type TRecoveryPayload = z.infer<typeof ZRecoveryPayload>;
