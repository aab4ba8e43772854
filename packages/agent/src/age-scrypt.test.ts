import { Decrypter, Encrypter, Stanza } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { NativeScryptIdentity } from './age-scrypt.ts';

const open = async (file: Uint8Array, passphrase: string) => {
  const d = new Decrypter();
  d.addIdentity(new NativeScryptIdentity(passphrase));
  return d.decrypt(file, 'text');
};

describe("age's passphrase files on node's native scrypt", () => {
  it('opens what age-encryption writes, and refuses a wrong passphrase', async () => {
    const e = new Encrypter();
    e.setPassphrase('correct horse battery staple');
    e.setScryptWorkFactor(14);
    const file = await e.encrypt('the data key');
    expect(await open(file, 'correct horse battery staple')).toBe('the data key');
    await expect(open(file, 'wrong')).rejects.toThrow(/no identity matched/);
  });

  it('refuses a stanza age would refuse, and passes over another kind of stanza', async () => {
    const id = new NativeScryptIdentity('x');
    const salt = Buffer.alloc(16).toString('base64').replace(/=+$/, '');
    await expect(
      id.unwrapFileKey([new Stanza(['scrypt', salt, '21'], new Uint8Array(32))]),
    ).rejects.toThrow(/too high/);
    await expect(
      id.unwrapFileKey([new Stanza(['scrypt', 'AAAA', '10'], new Uint8Array(32))]),
    ).rejects.toThrow(/invalid scrypt stanza/);
    await expect(
      id.unwrapFileKey([new Stanza(['scrypt', salt, '010'], new Uint8Array(32))]),
    ).rejects.toThrow(/invalid scrypt stanza/);
    expect(await id.unwrapFileKey([new Stanza(['X25519', 'AAAA'], new Uint8Array(32))])).toBe(null);
  });
});
