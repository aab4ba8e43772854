import { cbc } from '@noble/ciphers/aes.js';

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
export type StorageKey =
  'token' | 'companyToken' | 'language' | 'company' | 'user' | 'roleMenu' | 'vendor';

const PREFIX = 'edp.';
// 16-byte key (AES-128) and 16-byte IV, as UTF-8 so they stay readable in the source.
const utf8 = new TextEncoder();
const KEY = utf8.encode('edp-console-k16!');
const IV = utf8.encode('edp-console-iv16');

/** Base64 of bytes and back, through the browser's btoa/atob (which work on byte strings). */
const toBase64 = (bytes: Uint8Array): string =>
  btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
const fromBase64 = (text: string): Uint8Array =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function backend(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

// AES-128-CBC with PKCS#7 padding, the ciphertext in base64: the format values were first stored
// in (crypto-js's), so that sessions survive the change of library.
export function encryptValue(value: unknown): string {
  return toBase64(cbc(KEY, IV).encrypt(utf8.encode(JSON.stringify(value))));
}

export function decryptValue(cipherText: string): unknown {
  try {
    const plain = new TextDecoder('utf-8', { fatal: true }).decode(
      cbc(KEY, IV).decrypt(fromBase64(cipherText)),
    );
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
