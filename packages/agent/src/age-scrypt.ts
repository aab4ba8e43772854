import { createDecipheriv } from 'node:crypto';
import type { Identity, Stanza } from 'age-encryption';
import { ageScryptKey } from '@edp/shared/keys/age-scrypt';

/** The work factor age itself refuses beyond (2^20: a gigabyte of memory). */
const LOG_N_MAX = 20;

/**
 * age's passphrase identity (age-encryption.org/v1, "scrypt recipient stanza") on node's native
 * scrypt: age-encryption's own runs scrypt in JavaScript, over a second at the console's work
 * factor (2^18) on an idle core and many times that on a busy one, which a `recover` of a
 * passphrase file waited for (recover.ts). The same checks as the package's identity; a wrong
 * passphrase is `null` (no identity matched), a malformed stanza throws.
 */
export class NativeScryptIdentity implements Identity {
  constructor(private readonly passphrase: string) {}

  async unwrapFileKey(stanzas: Stanza[]): Promise<Uint8Array | null> {
    for (const s of stanzas) {
      if (s.args[0] !== 'scrypt') continue;
      if (stanzas.length !== 1)
        throw new Error('scrypt recipient is not the only one in the header');
      const [, saltText, logNText] = s.args;
      if (s.args.length !== 3 || !/^[1-9][0-9]*$/.test(logNText!)) {
        throw new Error('invalid scrypt stanza');
      }
      const salt = Buffer.from(saltText!, 'base64');
      const logN = Number(logNText);
      if (salt.length !== 16 || s.body.length !== 32) throw new Error('invalid scrypt stanza');
      if (logN > LOG_N_MAX) throw new Error('scrypt work factor is too high');
      const key = await ageScryptKey(this.passphrase, salt, logN);
      // The body: the file key under ChaCha20-Poly1305 with a zero nonce.
      const body = Buffer.from(s.body);
      const d = createDecipheriv('chacha20-poly1305', key, Buffer.alloc(12), {
        authTagLength: 16,
      });
      d.setAuthTag(body.subarray(16));
      try {
        return Buffer.concat([d.update(body.subarray(0, 16)), d.final()]);
      } catch {
        return null;
      }
    }
    return null;
  }
}
