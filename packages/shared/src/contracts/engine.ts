import { z } from 'zod';
import { rule } from './field-rules.ts';
import { ZDate } from './common.ts';
import { ZEngineKind } from './licence-file.ts';
import {
  ACTIVATION_STATES,
  DETECTION_STATES,
  INSTALL_STATES,
  PROTECTION_MODES,
} from './engine-values.ts';

export * from './engine-values.ts';

/**
 * What an engine is and what it reports (docs/engines.md): shared by the engine protocol
 * (/agent/*), the console's device centre and the reference engine (packages/agent).
 */

export const ZIp = z
  .string()
  .trim()
  .max(45, rule('ip'))
  .refine((v) => z.regexes.ipv4.test(v) || z.regexes.ipv6.test(v), rule('ip'));
export const ZPort = z.number().int(rule('port')).min(1, rule('port')).max(65_535, rule('port'));
/** A hardware fingerprint: hex, as the engine computes it (a SHA-256 of its machine identity). */
export const ZFingerprint = z
  .string()
  .max(128, rule('fingerprint'))
  .regex(/^[0-9a-f]{16,128}$/i, rule('fingerprint'))
  .transform((v) => v.toLowerCase());
export const ZDeviceName = z.string().trim().min(1).max(64);
const ZShort = z.string().trim().max(64);

/** Who an engine is: sent at enrolment, kept on the device (docs/product.md §3 device fields). */
export const ZEngineIdentity = z.object({
  name: ZDeviceName,
  number: ZShort.default(''),
  ip: ZIp,
  systemType: ZShort.min(1).describe('Operating system, e.g. Linux, Windows'),
  kernel: z.string().trim().max(128).default(''),
  version: ZShort.min(1).describe('Engine version'),
  kind: ZEngineKind,
  port: ZPort.nullable().default(null),
  collectorIp: ZIp.nullable().default(null),
  qid: ZShort.default(''),
  fingerprint: ZFingerprint,
});
export type TEngineIdentity = z.output<typeof ZEngineIdentity>;

/** One protected directory as the engine reports it. */
export const ZProtectedDir = z.object({
  path: z.string().max(1024),
  mode: z.enum(PROTECTION_MODES),
  files: z.number().int().min(0).max(1e9),
});

/** A data key's id: the first 8 bytes of its SHA-256, lower-case hex (docs/keys.md). */
export const ZDataKeyId = z
  .string()
  .max(16)
  .regex(/^[0-9a-f]{16}$/);

/**
 * A data key the engine holds (docs/keys.md "Escrow"): its id, and the id of the escrow key the
 * console last accepted it under (null: not escrowed yet). Never the key itself.
 */
export const ZEngineDataKey = z.object({
  id: ZDataKeyId,
  escrow: z.uuid().nullable().default(null),
});
export type TEngineDataKey = z.output<typeof ZEngineDataKey>;

/** The licence an engine holds: its certificate's code, serial and expiry. */
export const ZEngineLicence = z.object({
  /** The licence code (kept across renewals); engines before 1.1 did not send it. */
  code: z.string().max(64).nullable().default(null),
  serial: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  expiresAt: ZDate,
});

/**
 * The state an engine reports at every check-in. Unchanged state costs no database write; a
 * changed one is written before the check-in is answered (docs/engines.md "Check-in").
 */
export const ZEngineState = z.object({
  install: z.enum(INSTALL_STATES),
  detection: z.enum(DETECTION_STATES),
  activation: z.enum(ACTIVATION_STATES),
  version: ZShort.min(1),
  protected: z.array(ZProtectedDir).max(100).default([]),
  licence: ZEngineLicence.nullable().default(null),
  /**
   * The id (16 hex, a window's `kid`) of the window-signing key the engine trusts: the console
   * announces a newer one when it differs (docs/keys.md "Rotation"). Null from engines before.
   */
  windowKey: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .max(16)
    .nullable()
    .default(null),
  /** Its data keys (engines before issue 37 do not send them). */
  keys: z.array(ZEngineDataKey).max(16).default([]),
});
export type TEngineState = z.output<typeof ZEngineState>;
export type TEngineStateInput = z.input<typeof ZEngineState>;
