import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A tenant's key-encryption key (docs/keys.md "The keys"): 32 random bytes, kept only wrapped by
 * AES-256-GCM under HKDF(root secret, `edp tenant kek`), with the tenant's id and the KEK's id as
 * associated data, so a wrapped KEK moved to another tenant or row opens nothing. What the KEK
 * wraps in turn (an escrow identity) uses a key HKDF derives from the KEK for that purpose alone.
 */
export const KEK_BYTES = 32;

/** A fresh KEK. */
export const newKek = (): Buffer => randomBytes(KEK_BYTES);

/** `sha256("edp-kek-check/v1" || KEK)`, hex: tells a rebuilt KEK from a wrong one. */
export function kekCheck(kek: Uint8Array): string {
  return createHash('sha256').update('edp-kek-check/v1').update(kek).digest('hex');
}

const derive = (master: Uint8Array, info: string) =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));

/** `v1.<iv>.<tag>.<ciphertext>`, base64url, AES-256-GCM with `aad` bound in. */
function seal(key: Buffer, clear: Uint8Array, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(clear), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The clear bytes, or null: another key, another `aad`, or tampered with. */
function open(key: Buffer, sealed: string, aad: string): Buffer | null {
  const [v, iv, tag, data, extra] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  } catch {
    return null;
  }
}

const kekAad = (tenantId: string, kekId: string) => `edp-kek/v1 ${tenantId} ${kekId}`;

/** The KEK wrapped under the root secret (CONSOLE_KEY_SECRET), bound to its tenant and id. */
export function wrapKek(root: Buffer, tenantId: string, kekId: string, kek: Uint8Array): string {
  return seal(derive(root, 'edp tenant kek'), kek, kekAad(tenantId, kekId));
}

/** The KEK, or null when the root secret, the tenant or the id is not the one it was wrapped with. */
export function unwrapKek(
  root: Buffer,
  tenantId: string,
  kekId: string,
  wrapped: string,
): Buffer | null {
  const kek = open(derive(root, 'edp tenant kek'), wrapped, kekAad(tenantId, kekId));
  return kek?.length === KEK_BYTES ? kek : null;
}

/** Something the KEK protects (an escrow identity), under HKDF(KEK, `edp <purpose>`), bound to `id`. */
export function wrapUnderKek(kek: Uint8Array, purpose: string, id: string, clear: string): string {
  return seal(derive(kek, `edp ${purpose}`), Buffer.from(clear, 'utf8'), `${purpose} ${id}`);
}

/** The clear text, or null under another KEK, purpose or id. */
export function unwrapUnderKek(
  kek: Uint8Array,
  purpose: string,
  id: string,
  wrapped: string,
): string | null {
  return open(derive(kek, `edp ${purpose}`), wrapped, `${purpose} ${id}`)?.toString('utf8') ?? null;
}
