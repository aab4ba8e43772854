import { createCipheriv, createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { asString, readItem, removeItem, writeItem } from './storage.ts';
import { md5Hex } from './md5.ts';

describe('encrypted storage', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips values without storing them in clear text', () => {
    writeItem('company', { id: 'c1', email: 'a@example.com' });
    writeItem('token', 'secret-token');
    expect(readItem('company', (v) => v)).toEqual({ id: 'c1', email: 'a@example.com' });
    expect(readItem('token', asString)).toBe('secret-token');
    const raw = localStorage.getItem('edp.token') ?? '';
    expect(raw).not.toContain('secret-token');
    expect(raw.length).toBeGreaterThan(0);
  });

  it('reads values in the format sessions were stored in: AES-128-CBC, PKCS#7, base64', () => {
    const cipher = createCipheriv('aes-128-cbc', 'edp-console-k16!', 'edp-console-iv16');
    const user = { account: 'admin', name: '管理员' };
    const stored = Buffer.concat([cipher.update(JSON.stringify(user), 'utf8'), cipher.final()]);
    localStorage.setItem('edp.user', stored.toString('base64'));
    expect(readItem('user', (v) => v)).toEqual(user);
    writeItem('user', user);
    expect(localStorage.getItem('edp.user')).toBe(stored.toString('base64'));
  });

  it('reads a corrupt or foreign value as absent', () => {
    localStorage.setItem('edp.token', 'not-encrypted-at-all');
    expect(readItem('token', asString)).toBeUndefined();
    localStorage.setItem('edp.company', 'U2FsdGVkX1+garbage==');
    expect(readItem('company', (v) => v)).toBeUndefined();
  });

  it('rejects a value of the wrong shape and removes entries', () => {
    writeItem('language', 42);
    expect(readItem('language', asString)).toBeUndefined();
    writeItem('language', 'en-US');
    removeItem('language');
    expect(readItem('language', asString)).toBeUndefined();
  });
});

describe('md5Hex', () => {
  it('gives the lower-case hex digest', () => {
    expect(md5Hex('Password1')).toBe('2ac9cb7dc02b3c0083eb70898e549b63');
    // Text beyond ASCII as its UTF-8 bytes, as the server hashes it.
    expect(md5Hex('密码Pässword')).toBe(
      createHash('md5').update('密码Pässword', 'utf8').digest('hex'),
    );
  });
});
