import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { EngineKind } from '@edp/shared/constants';
import { encodeRequestFile } from '@edp/shared/licence-request';
import type { TLicenceRequestFile } from '@edp/shared/contracts/licence-file';

export interface RequestOptions {
  kind: EngineKind;
  deviceId: string;
  months: number;
  name?: string;
  fingerprint?: string;
  installedSerial?: number;
  now?: number;
}

/**
 * The fingerprint a real engine reads from its hardware; the reference engine derives a
 * stable one from the device id and this machine's host name.
 */
export function referenceFingerprint(deviceId: string): string {
  return createHash('sha256').update(`${hostname()}/${deviceId}`).digest('hex').slice(0, 40);
}

/** A licence request as the console writes it for one device (docs/architecture.md §7). */
export function makeLicenceRequest(opts: RequestOptions): {
  request: TLicenceRequestFile;
  file: string;
} {
  const request: TLicenceRequestFile = {
    ver: 1,
    product: 'EDP',
    kind: opts.kind,
    deviceId: opts.deviceId,
    name: opts.name,
    fingerprint: opts.fingerprint ?? referenceFingerprint(opts.deviceId),
    requestId: randomBytes(16).toString('hex'),
    consoleTime: opts.now ?? Date.now(),
    installedSerial: opts.installedSerial ?? 0,
    monthsAsked: opts.months,
  };
  return { request, file: encodeRequestFile(request) };
}
