import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

/**
 * Local storage with AES-CBC encrypted values (docs/product.md §9).
 *
 * The key and IV are fixed and shipped in the bundle, so this is OBFUSCATION, NOT SECURITY:
 * it only keeps values from being readable at a glance in the devtools. Never store secrets
 * here beyond the session token, which the server can revoke.
 *
 * A value that cannot be decrypted or parsed (tampered, written by another version) reads as
 * absent, so a corrupt entry never breaks start-up.
 */
export type StorageKey = 'token' | 'language' | 'company' | 'user' | 'roleMenu' | 'vendor';

const PREFIX = 'edp.';
// 16-byte key (AES-128) and 16-byte IV, parsed as UTF-8 so they stay readable in the source.
const KEY = Utf8.parse('edp-console-k16!');
const IV = Utf8.parse('edp-console-iv16');

function backend(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

export function encryptValue(value: unknown): string {
  return AES.encrypt(JSON.stringify(value), KEY, { iv: IV }).toString();
}

export function decryptValue(cipherText: string): unknown {
  try {
    const plain = AES.decrypt(cipherText, KEY, { iv: IV }).toString(Utf8);
    return plain ? (JSON.parse(plain) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a stored value; `parse` checks its shape and returns undefined for a bad one
 * (pass a zod schema's `safeParse`-based function).
 */
export function readItem<T>(
  key: StorageKey,
  parse: (value: unknown) => T | undefined,
): T | undefined {
  const raw = backend()?.getItem(PREFIX + key);
  if (raw == null) return undefined;
  const value = decryptValue(raw);
  return value === undefined ? undefined : parse(value);
}

export function writeItem(key: StorageKey, value: unknown): void {
  backend()?.setItem(PREFIX + key, encryptValue(value));
}

export function removeItem(key: StorageKey): void {
  backend()?.removeItem(PREFIX + key);
}

/** Parser for plain string values (token, language). */
export const asString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
