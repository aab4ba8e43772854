import { createCipheriv, randomBytes } from 'node:crypto';
import {
  Decrypter,
  Encrypter,
  Stanza,
  armor,
  generateX25519Identity,
  identityToRecipient,
  type Recipient,
} from 'age-encryption';
import { ageScryptKey } from '@edp/shared/keys/age-scrypt';

/**
 * age files (https://age-encryption.org/v1) by the `age-encryption` package: shares and recovery
 * files encrypted to what their reader chose (an age recipient or a passphrase), escrowed data keys
 * decrypted with a tenant's escrow identity. Every file is ASCII-armoured, so `age -d` reads it.
 *
 * A passphrase goes through age's scrypt (logN 18) computed by node's native scrypt: the package's
 * JS scrypt takes over a second. Its result, the wrap key, can be made ahead (`scryptWrapKey`)
 * and kept sealed, so a recovery's last share encrypts the file at once (docs/keys.md "Recovery").
 */
export const SCRYPT_LOG_N = 18;

/** age's scrypt stanza key for one file: the salt it names and the key scrypt derived. */
export interface ScryptWrapKey {
  logN: number;
  salt: Buffer;
  key: Buffer;
}

/** What a file is encrypted to: an age X25519 recipient, or a passphrase's wrap key. */
export type AgeTarget = { recipient: string } | { wrapKey: ScryptWrapKey };

/**
 * One scrypt at a time on this node: each holds 256 MiB (128 · r · N at logN 18), so a burst of
 * downloads waits its turn rather than taking a gigabyte from the thread pool at once.
 */
let scryptTurn: Promise<unknown> = Promise.resolve();

/** Derives age's scrypt wrap key from a passphrase with a new salt (native; about 0.7 s at 18). */
export function scryptWrapKey(passphrase: string, logN = SCRYPT_LOG_N): Promise<ScryptWrapKey> {
  const salt = randomBytes(16);
  const derive = async (): Promise<ScryptWrapKey> => ({
    logN,
    salt,
    key: await ageScryptKey(passphrase, salt, logN),
  });
  const mine = scryptTurn.then(derive, derive);
  scryptTurn = mine.catch(() => undefined);
  return mine;
}

/** A wrap key as one string, for sealing: `<logN>.<salt>.<key>` in base64url. */
export const wrapKeyText = (w: ScryptWrapKey) =>
  `${w.logN}.${w.salt.toString('base64url')}.${w.key.toString('base64url')}`;
export function wrapKeyOf(text: string): ScryptWrapKey | null {
  const [logN, salt, key] = text.split('.');
  if (!logN || !salt || !key) return null;
  return {
    logN: Number(logN),
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

/** age's scrypt recipient with its key already derived: the same stanza `age -p` writes. */
class PreparedScryptRecipient implements Recipient {
  constructor(private readonly w: ScryptWrapKey) {}
  wrapFileKey(fileKey: Uint8Array): Stanza[] {
    // ChaCha20-Poly1305 with a zero nonce, as age's scrypt stanza body (one key per file).
    const cipher = createCipheriv('chacha20-poly1305', this.w.key, Buffer.alloc(12), {
      authTagLength: 16,
    });
    const body = Buffer.concat([cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
    const salt = this.w.salt.toString('base64').replace(/=+$/, '');
    return [new Stanza(['scrypt', salt, String(this.w.logN)], new Uint8Array(body))];
  }
}

/** `data` encrypted to `to`, as an ASCII-armoured age file. */
export async function ageEncrypt(to: AgeTarget, data: Uint8Array | string): Promise<string> {
  const e = new Encrypter();
  e.addRecipient('recipient' in to ? to.recipient : new PreparedScryptRecipient(to.wrapKey));
  return armor.encode(await e.encrypt(data));
}

/** `data` encrypted to a passphrase (age's scrypt at logN 18, natively). */
export async function ageEncryptToPassphrase(
  passphrase: string,
  data: Uint8Array | string,
  logN = SCRYPT_LOG_N,
): Promise<string> {
  return ageEncrypt({ wrapKey: await scryptWrapKey(passphrase, logN) }, data);
}

/** An armoured or binary age file decrypted with an X25519 identity; null when it cannot be. */
export async function ageDecrypt(identity: string, file: string): Promise<Uint8Array | null> {
  try {
    const d = new Decrypter();
    d.addIdentity(identity);
    const bytes = file.trimStart().startsWith('-----BEGIN AGE')
      ? armor.decode(file)
      : Buffer.from(file, 'utf8');
    return await d.decrypt(bytes);
  } catch {
    return null;
  }
}

/** A new X25519 identity (`AGE-SECRET-KEY-1…`) and its recipient (`age1…`). */
export async function newAgeIdentity(): Promise<{ identity: string; recipient: string }> {
  const identity = await generateX25519Identity();
  return { identity, recipient: await identityToRecipient(identity) };
}
