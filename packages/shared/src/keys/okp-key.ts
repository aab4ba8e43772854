import { createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * A new Ed25519 or X25519 private key, made from 32 random bytes (any 32 bytes are a valid key
 * of either curve) imported as a JWK; its public key is `rawPublicKey` of it.
 *
 * Not `generateKeyPairSync`: on Node 20, exporting a key it made can deadlock the process. The
 * export holds the key's mutex while it allocates its answer; a garbage collection there runs
 * the generating job's destructor, which takes the same mutex on the same thread, and the
 * thread waits on itself for ever (the simulator froze so at 55,000–58,000 of 100,000 escrow
 * wraps; see escrow.test.ts). A key imported was made by no job. A private JWK needs an `x`, but
 * Node derives the public key from `d` alone, so any placeholder does.
 */
export function newOkpPrivateKey(crv: 'Ed25519' | 'X25519'): KeyObject {
  return createPrivateKey({
    key: { kty: 'OKP', crv, d: randomBytes(32).toString('base64url'), x: 'A'.repeat(43) },
    format: 'jwk',
  });
}

/** The public key of an Ed25519 or X25519 key as its 32 raw bytes in base64url (a JWK's `x`). */
export const rawPublicKey = (key: KeyObject): string => key.export({ format: 'jwk' }).x!;
