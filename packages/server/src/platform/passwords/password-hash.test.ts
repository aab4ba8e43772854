import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { isCommonPasswordDigest, md5Hex, passwordHasher } from './password-hash.ts';

// What the server makes with the default settings, and what the tests' apps make (test/harness.ts).
const production = passwordHasher({ cost: loadConfig({}).PASSWORD_HASH_COST });
const passwords = passwordHasher({ cost: 10 });

describe('password hashing', () => {
  it('stores a PHC-style scrypt string that verifies only the same digest', async () => {
    const digest = md5Hex('Strong#Pass2026');
    const stored = await production.hash(digest);
    expect(stored).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(stored).not.toContain(digest);
    expect(await production.verify(stored, digest)).toBe(true);
    expect(await production.verify(stored, md5Hex('Strong#Pass2027'))).toBe(false);
  });

  it('stores the cost it is given', async () => {
    expect(await passwords.hash(md5Hex('Strong#Pass2026'))).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
  });

  it('verifies a stored hash at the cost it names, whatever the hasher makes', async () => {
    const digest = md5Hex('Strong#Pass2026');
    const cheap = await passwords.hash(digest);
    const dear = await production.hash(digest);
    expect(await production.verify(cheap, digest)).toBe(true);
    expect(await passwords.verify(dear, digest)).toBe(true);
    expect(await production.verify(cheap, md5Hex('Strong#Pass2027'))).toBe(false);
    expect(await passwords.verify(dear, md5Hex('Strong#Pass2027'))).toBe(false);
  });

  it('salts every hash', async () => {
    const digest = md5Hex('Strong#Pass2026');
    expect(await passwords.hash(digest)).not.toBe(await passwords.hash(digest));
  });

  it('rejects a malformed stored value instead of throwing', async () => {
    expect(await passwords.verify('5f4dcc3b5aa765d61d8327deb882cf99', 'x')).toBe(false);
  });

  it('keeps one dummy hash per hasher, at its cost, that no digest is known to match', async () => {
    const dummy = await passwords.dummy();
    expect(await passwords.dummy()).toBe(dummy);
    expect(dummy).toMatch(/^\$scrypt\$ln=10,/);
    expect(await passwordHasher({ cost: 10 }).dummy()).not.toBe(dummy);
    expect(await passwords.verify(dummy, md5Hex(''))).toBe(false);
  });

  it('recognises common passwords by their digest only', () => {
    expect(isCommonPasswordDigest(md5Hex('Password123'))).toBe(true);
    expect(isCommonPasswordDigest(md5Hex('Tz9#ermq-Lake'))).toBe(false);
  });
});
