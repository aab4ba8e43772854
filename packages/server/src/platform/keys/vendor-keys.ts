import fs from 'node:fs';
import path from 'node:path';
import {
  createHash,
  randomBytes,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
} from 'node:crypto';
import { newOkpPrivateKey } from '@edp/shared/keys/okp-key';

export interface VendorKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
  /** Short identifier of the public key: first 16 hex digits of SHA-256 over its SPKI DER. */
  kid: string;
}

function fromPems(privatePem: string, publicPem?: string): VendorKeys {
  const privateKey = createPrivateKey(privatePem);
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('VENDOR_PRIVATE_KEY must be an Ed25519 key');
  const publicKey = createPublicKey(publicPem ?? privateKey);
  const derived = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  if (!derived.equals(publicKey.export({ type: 'spki', format: 'der' }))) {
    throw new Error('VENDOR_PUBLIC_KEY does not match VENDOR_PRIVATE_KEY');
  }
  return describe(privateKey, publicKey);
}

function describe(privateKey: KeyObject, publicKey: KeyObject): VendorKeys {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    privateKey,
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    kid: createHash('sha256').update(der).digest('hex').slice(0, 16),
  };
}

/**
 * The vendor's Ed25519 signing pair: from the environment when given, else `keys/` under the
 * data directory, created on first start (docs/architecture.md §2).
 */
export function loadVendorKeys(opts: {
  dataDir: string;
  privatePem?: string;
  publicPem?: string;
}): VendorKeys {
  if (opts.privatePem) return fromPems(opts.privatePem, opts.publicPem);
  const dir = path.join(opts.dataDir, 'keys');
  const privatePath = path.join(dir, 'vendor-ed25519.key');
  const publicPath = path.join(dir, 'vendor-ed25519.pub');
  if (fs.existsSync(privatePath)) {
    return fromPems(fs.readFileSync(privatePath, 'utf8'), fs.readFileSync(publicPath, 'utf8'));
  }
  // Not generateKeyPairSync: exporting what it made can deadlock the process (okp-key.ts).
  const privateKey = newOkpPrivateKey('Ed25519');
  const publicKey = createPublicKey(privateKey);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
  });
  fs.writeFileSync(publicPath, publicKey.export({ type: 'spki', format: 'pem' }));
  return describe(privateKey, publicKey);
}

/** A secret of 32 random bytes: `given` (base64) when set, else `keys/<file>`, made once. */
function loadSecret(dataDir: string, file: string, given?: string): Buffer {
  if (given) return Buffer.from(given, 'base64');
  const dir = path.join(dataDir, 'keys');
  const where = path.join(dir, file);
  if (fs.existsSync(where)) return Buffer.from(fs.readFileSync(where, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(where, key.toString('base64'), { mode: 0o600 });
  return key;
}

/**
 * The secret behind auto-login link tokens (console-auth/auto-login.ts): its own key, so that a
 * leak of one purpose's key never serves the other (the licence signing key signs certificates
 * only). From AUTO_LOGIN_KEY when given (every node must share it), else `keys/auto-login.key`
 * under the data directory, created on first start.
 */
export function loadAutoLoginKey(opts: { dataDir: string; secret?: string }): Buffer {
  return loadSecret(opts.dataDir, 'auto-login.key', opts.secret);
}

/**
 * The secret that wraps the console's window-signing key in the database (console-key.ts), so a
 * copy of the database alone signs nothing. From CONSOLE_KEY_SECRET when given (every node must
 * share it), else `keys/console-key.secret` under the data directory, created on first start.
 */
export function loadConsoleKeySecret(opts: { dataDir: string; secret?: string }): Buffer {
  return loadSecret(opts.dataDir, 'console-key.secret', opts.secret);
}
