/** Crockford's base32 alphabet of the vendor's recharge codes (no I, L, O or U). */
const ALPHABET = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/**
 * A typed recharge code in its canonical form `XXXX-XXXX-XXXX-XXXX`: case, spaces and dashes
 * ignored, and the look-alikes Crockford decodes (I and L as 1, O as 0) corrected. Returns
 * undefined when it cannot be a code.
 */
export function normaliseRechargeCode(input: string): string | undefined {
  const compact = input
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (!ALPHABET.test(compact)) return undefined;
  return compact.match(/.{4}/g)!.join('-');
}
