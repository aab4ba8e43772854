import { describe, expect, it } from 'vitest';
import { parseRequestFile } from '@edp/shared/licence-request';
import { makeLicenceRequest, referenceFingerprint } from './licence-request.ts';

describe('reference engine licence requests', () => {
  it('writes a .dat the portal reads back field for field', () => {
    const { request, file } = makeLicenceRequest({
      kind: 'DPI',
      deviceId: 'srv-01',
      months: 6,
      name: 'Web 01',
    });
    expect(file).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(parseRequestFile(file)).toEqual(request);
    expect(request).toMatchObject({
      ver: 1,
      product: 'EDP',
      kind: 'DPI',
      deviceId: 'srv-01',
      monthsAsked: 6,
      installedSerial: 0,
    });
    expect(request.requestId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives one device the same fingerprint every time and a new request id', () => {
    const a = makeLicenceRequest({ kind: 'TDE', deviceId: 'pc-7', months: 1 }).request;
    const b = makeLicenceRequest({ kind: 'TDE', deviceId: 'pc-7', months: 1 }).request;
    expect(a.fingerprint).toBe(referenceFingerprint('pc-7'));
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(b.requestId).not.toBe(a.requestId);
  });
});
