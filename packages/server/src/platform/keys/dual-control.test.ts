import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ageDecrypt, ageEncrypt, newAgeIdentity, scryptWrapKey } from './age-files.ts';
import { kekCheck, newKek, unwrapKek, unwrapUnderKek, wrapKek, wrapUnderKek } from './kek.ts';
import { combineShares, parseShare, shareHash, shareText, splitSecret } from './shares.ts';

/** The primitives of docs/keys.md, without a database. */
describe('key primitives', () => {
  const root = randomBytes(32);
  const tenant = randomUUID();
  const kekId = randomUUID();

  it('opens a wrapped KEK only with its root secret, tenant and id', () => {
    const kek = newKek();
    const wrapped = wrapKek(root, tenant, kekId, kek);
    expect(unwrapKek(root, tenant, kekId, wrapped)).toEqual(kek);
    expect(unwrapKek(randomBytes(32), tenant, kekId, wrapped)).toBeNull();
    expect(unwrapKek(root, randomUUID(), kekId, wrapped)).toBeNull();
    expect(unwrapKek(root, tenant, randomUUID(), wrapped)).toBeNull();
    expect(unwrapKek(root, tenant, kekId, `${wrapped.slice(0, -2)}AA`)).toBeNull();
    const escrowId = randomUUID();
    const identity = wrapUnderKek(kek, 'escrow', escrowId, 'AGE-SECRET-KEY-1X');
    expect(unwrapUnderKek(kek, 'escrow', escrowId, identity)).toBe('AGE-SECRET-KEY-1X');
    expect(unwrapUnderKek(newKek(), 'escrow', escrowId, identity)).toBeNull();
    expect(unwrapUnderKek(kek, 'other', escrowId, identity)).toBeNull();
  });

  it('rebuilds the KEK from any M shares, and not from fewer', async () => {
    const kek = newKek();
    const split = randomUUID();
    const parts = (await splitSecret(kek, 3, 2)).map((p) => shareText(split, p));
    for (const [a, b] of [
      [0, 1],
      [1, 2],
      [0, 2],
    ] as const) {
      const rebuilt = await combineShares([
        parseShare(parts[a]!)!.bytes,
        parseShare(parts[b]!)!.bytes,
      ]);
      expect(kekCheck(rebuilt!)).toBe(kekCheck(kek));
    }
    const one = await combineShares([parseShare(parts[0]!)!.bytes]);
    expect(one && kekCheck(one)).not.toBe(kekCheck(kek));
    expect(new Set(parts.map(shareHash)).size).toBe(3);
    expect(parseShare(parts[0]!)!.splitId).toBe(split);
    expect(parseShare(`edp-share.1.${split}.${'A'.repeat(41)}`)).toBeNull();
    expect(parseShare(`edp-share.1.${'-'.repeat(36)}.${'A'.repeat(44)}`)).toBeNull();
  });

  it('writes age files a recipient or a prepared passphrase key opens', async () => {
    const id = await newAgeIdentity();
    const file = await ageEncrypt({ recipient: id.recipient }, 'clear');
    expect(file).toMatch(/^-----BEGIN AGE ENCRYPTED FILE-----/);
    expect(Buffer.from((await ageDecrypt(id.identity, file))!).toString()).toBe('clear');
    expect(await ageDecrypt((await newAgeIdentity()).identity, file)).toBeNull();
    // A low work factor here: the stanza is the same at 18 (the key tests read one with age's).
    const wrapKey = await scryptWrapKey('correct horse battery', 10);
    expect(await ageEncrypt({ wrapKey }, 'x')).toMatch(/^-----BEGIN AGE ENCRYPTED FILE-----/);
  });
});
