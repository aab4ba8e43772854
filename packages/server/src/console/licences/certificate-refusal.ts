import { EngineErr } from '@edp/shared/errors';
import type { TLicencePayload } from '@edp/shared/contracts/licence-file';
import { verifyCertificate } from '@edp/shared/licence/verify';
import type { KeyObject } from 'node:crypto';

/**
 * Why a certificate the console checks before an engine sees it is refused, as the code that
 * says so (issue 35, point 16: an old certificate refused as only "许可证无效"). The engine's own
 * check answers -12 for most of these; the console can tell them apart and says which:
 * - not signed by the vendor key the console trusts, or not a certificate at all: -74;
 * - made for another device (another hardware fingerprint): -41;
 * - for no request this device has outstanding (answered already, or made elsewhere): -12;
 * - a serial no higher than the licence the device holds: -84;
 * - expired, or issued later than the clock reads: -31.
 */
export interface RefusalCheck {
  /** The certificate opened with the vendor key; undefined if it did not open. */
  payload: TLicencePayload | undefined;
  /** The device's hardware fingerprint, as the request or the device recorded it. */
  fingerprint: string | undefined;
  /** The request the certificate answers, if the device has it outstanding. */
  requestId: string | undefined;
  installedSerial: number;
  now: number;
}

export function certificateRefusal(
  text: string,
  vendorKey: KeyObject | string,
  c: RefusalCheck,
): number | undefined {
  if (!text.trim()) return EngineErr.LicenceMissing;
  if (!c.payload) return EngineErr.SignatureFailed;
  if (c.fingerprint !== undefined && c.payload.fingerprint !== c.fingerprint)
    return EngineErr.OtherSystem;
  if (!c.requestId) return EngineErr.InvalidLicence;
  if (c.payload.serial <= c.installedSerial) return EngineErr.LicenceAlreadyValid;
  if (c.payload.expiresAt <= c.now) return EngineErr.TimeOutOfRange;
  const checked = verifyCertificate(text, vendorKey, {
    fingerprint: c.fingerprint,
    outstandingRequestIds: [c.requestId],
    installedSerial: c.installedSerial,
    now: c.now,
  });
  return checked.ok ? undefined : checked.errCode;
}
