import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPasswordDigest, md5Hex, verifyPassword } from './password-hash.ts';

describe('password hashing', () => {
  it('stores a PHC-style scrypt string that verifies only the same digest', async () => {
    const digest = md5Hex('Strong#Pass2026');
    const stored = await hashPassword(digest);
    expect(stored).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(stored).not.toContain(digest);
    expect(await verifyPassword(stored, digest)).toBe(true);
    expect(await verifyPassword(stored, md5Hex('Strong#Pass2027'))).toBe(false);
  });

  it('salts every hash', async () => {
    const digest = md5Hex('Strong#Pass2026');
    expect(await hashPassword(digest)).not.toBe(await hashPassword(digest));
  });

  it('rejects a malformed stored value instead of throwing', async () => {
    expect(await verifyPassword('5f4dcc3b5aa765d61d8327deb882cf99', 'x')).toBe(false);
  });

  it('recognises common passwords by their digest only', () => {
    expect(isCommonPasswordDigest(md5Hex('Password123'))).toBe(true);
    expect(isCommonPasswordDigest(md5Hex('Tz9#ermq-Lake'))).toBe(false);
  });
});
