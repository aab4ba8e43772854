import { scrypt } from 'node:crypto';

/**
 * age's scrypt stanza key (age-encryption.org/v1, "scrypt recipient stanza"): scrypt of the
 * passphrase with the label and the file's 16-byte salt, N = 2^logN, r = 8, p = 1, on node's
 * native scrypt (the age-encryption package's own is JavaScript: over a second at 2^18). The
 * console derives it to write a passphrase file (server platform/keys/age-files.ts), the engine
 * to read one (agent age-scrypt.ts).
 */
export function ageScryptKey(passphrase: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    scrypt(
      Buffer.from(passphrase, 'utf8'),
      Buffer.concat([Buffer.from('age-encryption.org/v1/scrypt', 'utf8'), salt]),
      32,
      // 128 · r · N bytes, and some room.
      { N, r: 8, p: 1, maxmem: 128 * 8 * N + 32 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}
