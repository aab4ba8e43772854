import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Auto-login link tokens. `/login/gt` with ng 0 must show the current token again, so it cannot
 * be stored only as a hash; instead the token is an HMAC of a per-user random nonce under the
 * auto-login key (keys/vendor-keys.ts: its own secret, kept outside the database). The database
 * holds the nonce and the token's hash: a copy of the database alone cannot produce a working
 * token.
 */
export function autoLoginTokens(key: Buffer) {
  return {
    newNonce: () => randomBytes(16).toString('base64url'),
    tokenOf: (userId: string, nonce: string) =>
      createHmac('sha256', key).update(`${userId}/${nonce}`).digest('base64url'),
    hashOf: (token: string) => createHash('sha256').update(token).digest('hex'),
  };
}
export type AutoLoginTokens = ReturnType<typeof autoLoginTokens>;
