import { randomBytes } from 'node:crypto';

/** A licence request (.dat) as the console writes it: base64 of canonical (sorted-key) JSON. */
export function makeLicenceRequestFile(deviceId) {
  const request = {
    consoleTime: Date.now(),
    deviceId,
    fingerprint: randomBytes(20).toString('hex'),
    installedSerial: 0,
    kind: 'TDE',
    monthsAsked: 1,
    product: 'EDP',
    requestId: randomBytes(16).toString('hex'),
    ver: 1,
  };
  return Buffer.from(JSON.stringify(request)).toString('base64');
}
