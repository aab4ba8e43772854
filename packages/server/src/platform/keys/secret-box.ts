import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals short secrets kept in the database (an SMS gateway's key, a webhook's signing secret):
 * AES-256-GCM under a key of their own, derived by HKDF-SHA256 from the nodes' shared secret
 * (CONSOLE_KEY_SECRET) with the purpose as its info, so one key serves one purpose and a copy of
 * the database alone opens nothing. A sealed value is `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export interface SecretBox {
  seal(clear: string): string;
  /** The clear text, or null for a value sealed under another key or tampered with. */
  open(sealed: string): string | null;
}

export function secretBox({
  consoleKeySecret,
  purpose,
}: {
  /** The platform's shared secret, the master of every purpose's key. */
  consoleKeySecret: Buffer;
  purpose: string;
}): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', consoleKeySecret, Buffer.alloc(0), `edp ${purpose}`, 32),
  );
  return {
    seal(clear) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || iv === undefined || tag === undefined || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const clear = Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]);
        return clear.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
