import { createHash } from 'node:crypto';
import { combine, split } from 'shamir-secret-sharing';

/**
 * Shares of a KEK (docs/keys.md "Shares and splits"): Shamir M-of-N by the audited
 * `shamir-secret-sharing`, each share written `edp-share.1.<split id>.<base64url of its bytes>`.
 */
const PREFIX = 'edp-share.1.';
const SHARE_RE =
  /^edp-share\.1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{40,120})$/;

/** `n` shares of `secret`, any `threshold` of which rebuild it. */
export async function splitSecret(
  secret: Uint8Array,
  n: number,
  threshold: number,
): Promise<Buffer[]> {
  // A plain Uint8Array copy: the package checks `instanceof Uint8Array`, which a Buffer from
  // another realm (a test runner's) fails.
  return (await split(Uint8Array.from(secret), n, threshold)).map((s) => Buffer.from(s));
}

/** A share as its holder keeps it. */
export const shareText = (splitId: string, bytes: Uint8Array) =>
  `${PREFIX}${splitId}.${Buffer.from(bytes).toString('base64url')}`;

/** The split a share's text names and its bytes, or null when the text is not a share. */
export function parseShare(text: string): { splitId: string; bytes: Buffer } | null {
  const m = SHARE_RE.exec(text.trim());
  if (!m) return null;
  const bytes = Buffer.from(m[2]!, 'base64url');
  // A share is the secret's length plus its one-byte x coordinate.
  return bytes.length >= 2 && bytes.toString('base64url') === m[2]
    ? { splitId: m[1]!, bytes }
    : null;
}

/** SHA-256 of a share's text, hex: which holder's share it is, without keeping the share. */
export const shareHash = (text: string) =>
  createHash('sha256').update(text.trim(), 'utf8').digest('hex');

/** The secret the shares rebuild, or null when they cannot be combined (same point twice, lengths). */
export async function combineShares(shares: Uint8Array[]): Promise<Buffer | null> {
  try {
    return Buffer.from(await combine(shares.map((s) => Uint8Array.from(s))));
  } catch {
    return null;
  }
}
