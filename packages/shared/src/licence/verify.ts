import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { EngineErr } from '../errors/engine.ts';
import {
  ELEVATION_ARMOUR,
  ELEVATION_SIGNING_PREFIX,
  LICENCE_ARMOUR,
  LICENCE_SIGNING_PREFIX,
  ZElevationPayload,
  ZLicencePayload,
  ZSignedEnvelope,
  type TElevationPayload,
  type TLicencePayload,
} from '../contracts/licence-file.ts';

/**
 * Verification of the signed licence files of docs/licence-format.md: the console's activation
 * (packages/server) and the reference engine (packages/agent) both check certificates with it.
 * Node only (node:crypto, Buffer): the web never imports this module.
 */

/** The payload text of an armoured file whose signature `key` accepts; undefined otherwise. */
function openSigned(
  text: string,
  label: string,
  prefix: string,
  key: KeyObject,
): unknown | undefined {
  const match = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`).exec(text);
  const body = match?.[1]?.replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  try {
    const envelope = ZSignedEnvelope.safeParse(
      JSON.parse(Buffer.from(body, 'base64').toString('utf8')),
    );
    if (!envelope.success) return undefined;
    const { payload, sig } = envelope.data;
    const good = verify(
      null,
      Buffer.from(prefix + payload, 'utf8'),
      key,
      Buffer.from(sig, 'base64'),
    );
    return good ? JSON.parse(payload) : undefined;
  } catch {
    return undefined;
  }
}

export interface CertificateExpectations {
  /** The fingerprint of the device the certificate is installed on. */
  fingerprint?: string;
  /** Request ids the console made and has not seen answered. */
  outstandingRequestIds?: readonly string[];
  /** Serial of the licence installed now (0 if none); the new one must be higher. */
  installedSerial?: number;
  /** The verifier's clock, ms since the epoch (default: now). */
  now?: number;
  /** The latest time the console has seen; a clock behind it is refused. */
  latestSeenTime?: number;
  /** Allowed clock difference for issuedAt (default 5 minutes). */
  skewMs?: number;
}

export type VerifyResult<T> = { ok: true; payload: T } | { ok: false; errCode: number };

const DEFAULT_SKEW_MS = 5 * 60_000;
const toKey = (key: KeyObject | string) => (typeof key === 'string' ? createPublicKey(key) : key);

/**
 * The payload of a certificate whose armour, envelope, signature and fields are right, whatever
 * its dates; undefined otherwise. For a holder that must tell an expired licence from a forged
 * one (the engine reports the serial and expiry of the licence it holds).
 */
export function openCertificate(
  text: string,
  publicKey: KeyObject | string,
): TLicencePayload | undefined {
  const opened = openSigned(text, LICENCE_ARMOUR, LICENCE_SIGNING_PREFIX, toKey(publicKey));
  const parsed = ZLicencePayload.safeParse(opened);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Checks a certificate in the order of docs/architecture.md §7: missing (-13), signature (-12),
 * fingerprint and outstanding request (-12), serial (-84), clock (-31), expiry (-12).
 */
export function verifyCertificate(
  text: string | undefined,
  publicKey: KeyObject | string,
  expect: CertificateExpectations = {},
): VerifyResult<TLicencePayload> {
  if (!text || !text.trim()) return { ok: false, errCode: EngineErr.LicenceMissing };
  const invalid = { ok: false as const, errCode: EngineErr.InvalidLicence };
  const payload = openCertificate(text, publicKey);
  if (!payload) return invalid;
  if (expect.fingerprint !== undefined && payload.fingerprint !== expect.fingerprint)
    return invalid;
  if (expect.outstandingRequestIds && !expect.outstandingRequestIds.includes(payload.requestId)) {
    return invalid;
  }
  if (expect.installedSerial !== undefined && payload.serial <= expect.installedSerial) {
    return { ok: false, errCode: EngineErr.LicenceAlreadyValid };
  }
  const now = expect.now ?? Date.now();
  const skew = expect.skewMs ?? DEFAULT_SKEW_MS;
  if (payload.issuedAt > now + skew || (expect.latestSeenTime ?? 0) > now + skew) {
    return { ok: false, errCode: EngineErr.TimeOutOfRange };
  }
  if (payload.expiresAt <= now) return invalid;
  return { ok: true, payload };
}

/** Checks an elevation file: signature and device (-12), then its window (-31). */
export function verifyElevation(
  text: string | undefined,
  publicKey: KeyObject | string,
  expect: { deviceId?: string; fingerprint?: string; now?: number } = {},
): VerifyResult<TElevationPayload> {
  if (!text || !text.trim()) return { ok: false, errCode: EngineErr.LicenceMissing };
  const invalid = { ok: false as const, errCode: EngineErr.InvalidLicence };
  const opened = openSigned(text, ELEVATION_ARMOUR, ELEVATION_SIGNING_PREFIX, toKey(publicKey));
  const parsed = ZElevationPayload.safeParse(opened);
  if (!parsed.success) return invalid;
  const p = parsed.data;
  if (expect.deviceId !== undefined && p.deviceId !== expect.deviceId) return invalid;
  if (expect.fingerprint !== undefined && p.fingerprint !== expect.fingerprint) return invalid;
  const now = expect.now ?? Date.now();
  if (now < p.validFrom || now >= p.validUntil) {
    return { ok: false, errCode: EngineErr.TimeOutOfRange };
  }
  return { ok: true, payload: p };
}
