import fs from 'node:fs';
import path from 'node:path';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { EngineKind } from '@edp/shared/constants';
import type { TLicencePayload } from '@edp/shared/contracts/licence-file';
import { canonicalJson } from '@edp/shared/licence-request';

/**
 * A vendor in a test: an Ed25519 key pair, and certificates made exactly as docs/licence-format.md
 * describes them (canonical JSON payload, "edp-license/v1/" prefix, envelope {alg, kid, payload,
 * sig} in base64 armour wrapped at 64 columns) — written from the document, not from the
 * server's signer, so the engine is checked against the format itself.
 */
export interface Vendor {
  privateKey: KeyObject;
  publicPem: string;
  kid: string;
  /** The public key written to a file, as the engine is given it. */
  keyFile: string;
  certificate(fields: Partial<TLicencePayload> & { fingerprint: string }): string;
}

const DAY = 86_400_000;

export function makeVendor(dir: string): Vendor {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const kid = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
  const keyFile = path.join(dir, 'vendor-ed25519.pub');
  fs.writeFileSync(keyFile, publicPem);
  return {
    privateKey,
    publicPem,
    kid,
    keyFile,
    certificate(fields) {
      const now = Date.now();
      const payload: TLicencePayload = {
        ver: 1,
        licenseCode: 'EDP-TEST-0000-0000-0001',
        serial: 1,
        requestId: randomBytes(16).toString('hex'),
        kind: 'TDE' as EngineKind,
        issuedAt: now - 60_000,
        expiresAt: now + 180 * DAY,
        maxDevices: 1,
        ...fields,
      };
      const text = canonicalJson(payload);
      const sig = sign(null, Buffer.from('edp-license/v1/' + text, 'utf8'), privateKey);
      const envelope = canonicalJson({
        alg: 'ed25519',
        kid,
        payload: text,
        sig: sig.toString('base64'),
      });
      const body = Buffer.from(envelope, 'utf8').toString('base64');
      return `-----BEGIN EDP LICENSE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END EDP LICENSE-----\n`;
    },
  };
}

export { DAY };
