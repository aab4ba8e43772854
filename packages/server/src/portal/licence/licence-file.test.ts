import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TLicencePayload } from '@edp/shared/contracts/licence-file';
import {
  canonicalJson,
  encodeRequestFile,
  parseRequestFile,
  signElevation,
  signLicence,
  verifyCertificate,
  verifyElevation,
} from './licence-file.ts';

const vendor = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const pem = vendor.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const now = Date.UTC(2026, 0, 1);
const payload: TLicencePayload = {
  ver: 1,
  licenseCode: 'EDP-AAAA-BBBB-CCCC-DDDD',
  serial: 3,
  requestId: 'ab'.repeat(16),
  fingerprint: 'fp-0123456789',
  kind: 'TDE',
  issuedAt: now,
  expiresAt: now + 30 * 86_400_000,
  maxDevices: 1,
};
const cert = signLicence(payload, vendor.privateKey, 'kid1');

/** Re-armours a certificate after `edit` changed its envelope. */
function tamper(text: string, edit: (envelope: Record<string, string>) => void): string {
  const body = text.split('\n').slice(1, -2).join('');
  const envelope = JSON.parse(Buffer.from(body, 'base64').toString('utf8'));
  edit(envelope);
  const b64 = Buffer.from(JSON.stringify(envelope)).toString('base64');
  return `-----BEGIN EDP LICENSE-----\n${b64}\n-----END EDP LICENSE-----\n`;
}

describe('licence file format', () => {
  it('writes canonical JSON: sorted keys at every level, no white space', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 'x' }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":"x","z":1}]},"b":1}',
    );
  });

  it('round-trips a request file and refuses anything else', () => {
    const request = {
      ver: 1,
      product: 'EDP',
      kind: 'DI' as const,
      deviceId: 'dev-1',
      fingerprint: 'fp-0123456789',
      requestId: 'cd'.repeat(16),
      consoleTime: now,
      installedSerial: 0,
      monthsAsked: 6,
    };
    expect(parseRequestFile(encodeRequestFile(request))).toEqual(request);
    for (const bad of ['', '%%%', Buffer.from('{"ver":1}').toString('base64'), 'bm90IGpzb24=']) {
      expect(parseRequestFile(bad)).toBeUndefined();
    }
  });

  it('armours a certificate as ARCHITECTURE §7 says and verifies it', () => {
    const lines = cert.trim().split('\n');
    expect(lines[0]).toBe('-----BEGIN EDP LICENSE-----');
    expect(lines.at(-1)).toBe('-----END EDP LICENSE-----');
    const envelope = JSON.parse(Buffer.from(lines.slice(1, -1).join(''), 'base64').toString());
    expect(envelope).toMatchObject({
      alg: 'ed25519',
      kid: 'kid1',
      payload: canonicalJson(payload),
    });
    expect(verifyCertificate(cert, pem, { now })).toEqual({ ok: true, payload });
  });

  it('checks in order: missing -13, signature -12, device -12, serial -84, clock -31, expiry -12', () => {
    expect(verifyCertificate('', pem)).toEqual({ ok: false, errCode: -13 });
    const flipped = tamper(cert, (e) => {
      e.payload = e.payload!.replace('"serial":3', '"serial":4');
    });
    expect(verifyCertificate(flipped, pem, { now })).toEqual({ ok: false, errCode: -12 });
    expect(verifyCertificate(cert, other.publicKey, { now })).toEqual({ ok: false, errCode: -12 });
    expect(verifyCertificate(cert.replace('BEGIN', 'BEGAN'), pem, { now }).ok).toBe(false);
    expect(verifyCertificate(cert, pem, { now, fingerprint: 'other' })).toMatchObject({
      errCode: -12,
    });
    expect(
      verifyCertificate(cert, pem, { now, outstandingRequestIds: ['ef'.repeat(16)] }),
    ).toMatchObject({ errCode: -12 });
    expect(verifyCertificate(cert, pem, { now, installedSerial: 3 })).toMatchObject({
      errCode: -84,
    });
    expect(verifyCertificate(cert, pem, { now: now - 3_600_000 })).toMatchObject({ errCode: -31 });
    expect(verifyCertificate(cert, pem, { now, latestSeenTime: now + 86_400_000 })).toMatchObject({
      errCode: -31,
    });
    expect(verifyCertificate(cert, pem, { now: payload.expiresAt })).toMatchObject({
      errCode: -12,
    });
    expect(
      verifyCertificate(cert, pem, {
        now,
        fingerprint: payload.fingerprint,
        outstandingRequestIds: [payload.requestId],
        installedSerial: 2,
      }).ok,
    ).toBe(true);
  });

  it('signs elevation files with their own prefix and window', () => {
    const ele = signElevation(
      {
        ver: 1,
        elevationId: 'e1',
        deviceId: 'dev-1',
        fingerprint: 'fp',
        issuedAt: now,
        validFrom: now,
        validUntil: now + 60_000,
      },
      vendor.privateKey,
      'kid1',
    );
    expect(ele).toMatch(/^-----BEGIN EDP ELEVATION-----\n/);
    expect(verifyElevation(ele, pem, { now, deviceId: 'dev-1' }).ok).toBe(true);
    expect(verifyElevation(ele, pem, { now: now + 60_000 })).toMatchObject({ errCode: -31 });
    expect(verifyElevation(ele, pem, { now, deviceId: 'dev-2' })).toMatchObject({ errCode: -12 });
    // A certificate signature does not make an elevation file, nor the other way round.
    expect(verifyCertificate(ele, pem, { now }).ok).toBe(false);
    expect(verifyElevation(cert, pem, { now }).ok).toBe(false);
  });

  it('has a CLI that prints the payload of a valid file and fails on a tampered one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-verify-'));
    const certificate = signLicence(
      { ...payload, issuedAt: Date.now(), expiresAt: Date.now() + 86_400_000 },
      vendor.privateKey,
      'kid1',
    );
    fs.writeFileSync(path.join(dir, 'pub.pem'), pem);
    fs.writeFileSync(path.join(dir, 'a.lic'), certificate);
    fs.writeFileSync(
      path.join(dir, 'b.lic'),
      tamper(certificate, (e) => (e.sig = e.sig!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))),
    );
    const cli = path.join(import.meta.dirname, '../../cli/verify-licence.ts');
    const run = (file: string) =>
      execFileSync(
        process.execPath,
        ['--import', 'tsx', cli, path.join(dir, file), '--key', path.join(dir, 'pub.pem')],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    expect(JSON.parse(run('a.lic'))).toMatchObject({ licenseCode: payload.licenseCode });
    expect(() => run('b.lic')).toThrow(/errCode -12/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
