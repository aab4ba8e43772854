import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { COMMON_PASSWORDS } from './common-passwords.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * scrypt's parameters (docs/architecture.md §8 item 1): r 8, p 1, 16-byte salt, 32-byte key.
 * N = 2^cost comes from PASSWORD_HASH_COST (15 in production; the tests use less).
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const maxmem = (n: number, r: number) => 256 * n * r;

/**
 * Password hashing: stores the MD5 hex that the browser sends as a PHC-style scrypt string,
 * `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64, no padding). No column ever holds a bare MD5.
 * `cost` is log2 of scrypt's N for new hashes only: a stored string names its own, so hashes
 * made at any cost keep verifying after the setting changes.
 */
export function passwordHasher({ cost }: { cost: number }) {
  async function hash(digest: string): Promise<string> {
    const salt = randomBytes(16);
    const N = 2 ** cost;
    const key = await scryptAsync(digest, salt, KEY_LENGTH, {
      N,
      r: R,
      p: P,
      maxmem: maxmem(N, R),
    });
    const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
    return `$scrypt$ln=${cost},r=${R},p=${P}$${b64(salt)}$${b64(key)}`;
  }

  let dummyHash: Promise<string> | undefined;

  return {
    hash,

    /** True when `digest` matches the stored string; the comparison takes constant time. */
    async verify(stored: string, digest: string): Promise<boolean> {
      const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
        stored,
      );
      if (!match) return false;
      const [, ln, r, p, salt, expectedKey] = match;
      const N = 2 ** Number(ln);
      const expected = Buffer.from(expectedKey!, 'base64');
      const key = await scryptAsync(digest, Buffer.from(salt!, 'base64'), expected.length, {
        N,
        r: Number(r),
        p: Number(p),
        maxmem: maxmem(N, Number(r)),
      });
      return timingSafeEqual(key, expected);
    },

    /**
     * A stored hash to compare against when the account does not exist, so that an unknown
     * account costs as much time as a wrong password (no enumeration by timing). Made once per
     * hasher, at its cost, as the new hashes are.
     */
    dummy(): Promise<string> {
      dummyHash ??= hash(createHash('md5').update(randomBytes(16)).digest('hex'));
      return dummyHash;
    },
  };
}
export type PasswordHasher = ReturnType<typeof passwordHasher>;

const commonDigests = new Set(
  COMMON_PASSWORDS.map((p) => createHash('md5').update(p).digest('hex')),
);

/** The browser sends only the MD5, so the server recognises common passwords by their digest. */
export function isCommonPasswordDigest(digest: string): boolean {
  return commonDigests.has(digest.toLowerCase());
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text).digest('hex');
}
