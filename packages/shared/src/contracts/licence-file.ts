import { z } from 'zod';
import { rule } from './field-rules.ts';
import { ENGINE_KINDS, MAX_LICENCE_MONTHS } from '../constants.ts';

// Zod-free, so the web takes them from constants.ts without loading zod; here for the server.
export { MAX_ELEVATION_SECONDS, MAX_LICENCE_MONTHS, licenceCost } from '../constants.ts';

/** The file formats of docs/architecture.md §7; docs/licence-format.md describes them in full. */

export const LICENCE_FILE_VERSION = 1;
export const LICENCE_SIGNING_PREFIX = 'edp-license/v1/';
export const ELEVATION_SIGNING_PREFIX = 'edp-elevation/v1/';
export const LICENCE_ARMOUR = 'EDP LICENSE';
export const ELEVATION_ARMOUR = 'EDP ELEVATION';

export const ZEngineKind = z.enum(ENGINE_KINDS).describe('Engine kind: TDE, DI, DPI, PWE or PWO');
export const ZRequestId = z
  .string()
  .max(32, rule('hex32'))
  .regex(/^[0-9a-f]{32}$/, rule('hex32'))
  .describe('128-bit random request id, hex');
export const ZDeviceId = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .describe("The device's id as its console knows it");

/** A licence request (`.dat`): base64 of this object as canonical JSON, made by the console. */
export const ZLicenceRequestFile = z.object({
  ver: z.number().int().min(1).describe('Format version, 1'),
  product: z.string().min(1).max(64).describe('Product name, e.g. "EDP"'),
  kind: ZEngineKind,
  deviceId: ZDeviceId,
  name: z.string().max(100).optional().describe('Optional device name shown in the portal'),
  fingerprint: z.string().min(8).max(256).describe('Hardware fingerprint of the device'),
  requestId: ZRequestId,
  consoleTime: z.number().int().min(0).describe('Console clock, ms since the epoch'),
  installedSerial: z.number().int().min(0).describe('Serial of the installed licence, 0 if none'),
  monthsAsked: z.number().int().min(1).max(MAX_LICENCE_MONTHS),
});
export type TLicenceRequestFile = z.infer<typeof ZLicenceRequestFile>;

/** The signed part of a certificate; times are ms since the epoch. */
export const ZLicencePayload = z.object({
  ver: z.number().int(),
  licenseCode: z.string(),
  serial: z.number().int().min(1),
  requestId: ZRequestId,
  fingerprint: z.string(),
  kind: ZEngineKind,
  issuedAt: z.number().int(),
  expiresAt: z.number().int(),
  maxDevices: z.number().int().min(1),
});
export type TLicencePayload = z.infer<typeof ZLicencePayload>;

/** The signed part of an elevation file: the device may run elevated within the window. */
export const ZElevationPayload = z.object({
  ver: z.number().int(),
  elevationId: z.string(),
  deviceId: z.string(),
  fingerprint: z.string(),
  issuedAt: z.number().int(),
  validFrom: z.number().int(),
  validUntil: z.number().int(),
});
export type TElevationPayload = z.infer<typeof ZElevationPayload>;

/** What the armoured block holds: the payload exactly as signed, and the signature. */
export const ZSignedEnvelope = z.object({
  payload: z.string(),
  alg: z.literal('ed25519'),
  kid: z.string(),
  sig: z.string(),
});
export type TSignedEnvelope = z.infer<typeof ZSignedEnvelope>;
