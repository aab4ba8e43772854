import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops } from './ops.ts';
import { keepVendorKey, pinVendorKey, vendorKid } from './licence.ts';
import { StateDir } from './state-dir.ts';
import { machineFingerprint } from './identity.ts';
import { engineState } from './engine.ts';
import { DAY, makeVendor, type Vendor } from './test/licence-fixture.ts';

let root: string;
let vendor: Vendor;
const fingerprint = machineFingerprint();
let n = 0;

function write(text: string): string {
  const file = path.join(root, `cert-${++n}.lic`);
  fs.writeFileSync(file, text);
  return file;
}

const fresh = () => new StateDir(path.join(root, `state-${++n}`));

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-lic-'));
  vendor = makeVendor(root);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('installing a licence', () => {
  it('installs a certificate signed by the vendor key and reports itself active', async () => {
    const state = fresh();
    expect((await engineState(state)).activation).toBe('inactive');
    const expiresAt = Date.now() + 90 * DAY;
    const file = write(vendor.certificate({ fingerprint, kind: 'TDE', serial: 3, expiresAt }));
    const result = await ops.installLicence(state, file, vendor.keyFile);
    expect(result).toMatchObject({ code: 0, detail: { serial: 3, kind: 'TDE' } });
    const reported = await engineState(state);
    expect(reported.activation).toBe('active');
    expect(reported.licence).toEqual({
      code: 'EDP-TEST-0000-0000-0001',
      serial: 3,
      expiresAt: new Date(expiresAt),
    });
    // The key given once is kept: the next install needs no --key.
    const renewal = write(
      vendor.certificate({ fingerprint, serial: 4, expiresAt: expiresAt + 30 * DAY }),
    );
    expect((await ops.installLicence(state, renewal)).code).toBe(0);
    expect((await engineState(state)).licence?.serial).toBe(4);
  });

  it('refuses a tampered signature, another key, another device and an expired one (-12)', async () => {
    const state = fresh();
    const good = vendor.certificate({ fingerprint });
    // Change one signed field and keep the signature.
    const body = good.split('\n').slice(1, -2).join('');
    const envelope = JSON.parse(Buffer.from(body, 'base64').toString('utf8'));
    envelope.payload = envelope.payload.replace('"maxDevices":1', '"maxDevices":9');
    const tampered = `-----BEGIN EDP LICENSE-----\n${Buffer.from(JSON.stringify(envelope)).toString('base64')}\n-----END EDP LICENSE-----\n`;
    const forged = makeVendor(fs.mkdtempSync(path.join(root, 'other-'))).certificate({
      fingerprint,
    });
    const otherDevice = vendor.certificate({ fingerprint: 'ab'.repeat(32) });
    const expired = vendor.certificate({
      fingerprint,
      issuedAt: Date.now() - 400 * DAY,
      expiresAt: Date.now() - DAY,
    });
    const garbage = 'not a licence at all';
    for (const [name, text] of Object.entries({
      tampered,
      forged,
      otherDevice,
      expired,
      garbage,
    })) {
      const r = await ops.installLicence(state, write(text), vendor.keyFile);
      expect(r.code, name).toBe(-12);
      expect(r.message, name).toMatch(/^Invalid license/);
    }
    expect((await engineState(state)).activation).toBe('inactive');
    expect(state.exists('licence.lic')).toBe(false);
  });

  it('answers -13 for a missing or empty file', async () => {
    const state = fresh();
    expect(
      await ops.installLicence(state, path.join(root, 'nowhere.lic'), vendor.keyFile),
    ).toMatchObject({ code: -13, message: expect.stringMatching(/^License file missing/) });
    expect(await ops.installLicence(state, write(''), vendor.keyFile)).toMatchObject({
      code: -13,
    });
  });

  it('answers -84 while a valid licence runs as long or longer', async () => {
    const state = fresh();
    const long = Date.now() + 300 * DAY;
    const first = write(vendor.certificate({ fingerprint, serial: 5, expiresAt: long }));
    expect((await ops.installLicence(state, first, vendor.keyFile)).code).toBe(0);
    // The same certificate again, and a newer serial that ends sooner.
    expect(await ops.installLicence(state, first)).toMatchObject({ code: -84 });
    const shorter = write(
      vendor.certificate({ fingerprint, serial: 6, expiresAt: Date.now() + 30 * DAY }),
    );
    const r = await ops.installLicence(state, shorter);
    expect(r.code).toBe(-84);
    expect(r.message).toMatch(/^A valid license is already installed/);
    expect((await engineState(state)).licence?.serial).toBe(5);
  });

  it('answers -9 when no vendor key is configured', async () => {
    const r = await ops.installLicence(fresh(), write(vendor.certificate({ fingerprint })));
    expect(r.code).toBe(-9);
    expect(r.message).toMatch(/vendor public key/);
  });
});

describe('the vendor key an enrolment gives (issue 35)', () => {
  it('is kept at first use, and a later, different one is refused while the held one stays', async () => {
    const state = fresh();
    const other = makeVendor(fs.mkdtempSync(path.join(root, 'other-')));
    expect(pinVendorKey(state, vendor.publicPem)).toEqual({ outcome: 'pinned', kid: vendor.kid });
    // The same key again, even in another PEM's spelling, changes nothing.
    expect(pinVendorKey(state, vendor.publicPem.trimEnd())).toEqual({
      outcome: 'same',
      kid: vendor.kid,
    });
    expect(pinVendorKey(state, other.publicPem)).toEqual({
      outcome: 'refused',
      kid: other.kid,
      held: vendor.kid,
    });
    expect(vendorKid(state.readText('vendor-ed25519.pub')!)).toBe(vendor.kid);
    // What the pinned key signs installs; what the refused one signs does not (-12).
    const forged = write(other.certificate({ fingerprint }));
    expect((await ops.installLicence(state, forged)).code).toBe(-12);
    expect((await ops.installLicence(state, write(vendor.certificate({ fingerprint })))).code).toBe(
      0,
    );
  });

  it('is replaced by the key given locally only (enrol --vendor-key)', () => {
    const state = fresh();
    const other = makeVendor(fs.mkdtempSync(path.join(root, 'other-')));
    pinVendorKey(state, vendor.publicPem);
    keepVendorKey(state, other.keyFile);
    expect(vendorKid(state.readText('vendor-ed25519.pub')!)).toBe(other.kid);
    expect(pinVendorKey(state, vendor.publicPem).outcome).toBe('refused');
  });

  it('refuses what is not an Ed25519 public key, keeping nothing', () => {
    const state = fresh();
    const x25519 = generateKeyPairSync('x25519')
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect(pinVendorKey(state, 'not a key')).toEqual({ outcome: 'invalid' });
    expect(pinVendorKey(state, x25519)).toEqual({ outcome: 'invalid' });
    expect(state.exists('vendor-ed25519.pub')).toBe(false);
  });
});
