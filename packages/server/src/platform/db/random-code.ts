import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is hard to get wrong. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `groups` groups of 4 random base32 characters joined by dashes (5 bits each, from a CSPRNG). */
export function randomCode(groups: number): string {
  const bytes = randomBytes(groups * 4);
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]);
  const parts: string[] = [];
  for (let i = 0; i < groups; i++) parts.push(chars.slice(i * 4, i * 4 + 4).join(''));
  return parts.join('-');
}

/** The form a typed code is compared in: upper case, without dashes or white space. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}
