/**
 * A webhook signing secret as Standard Webhooks makes one (docs/notifications.md, "Webhook"): the
 * prefix `whsec_` and the base64 of random bytes, which are the HMAC key. The settings page makes
 * it in the browser, so it is never sent anywhere but with the settings saved; the server reads
 * and checks it as any typed secret (24 to 64 bytes).
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The key's length: the library's own secrets are 24 to 32 bytes; the longest is kept. */
export const WEBHOOK_SECRET_BYTES = 32;

/** A new secret from the platform's CSPRNG (`crypto.getRandomValues`, the browser's or Node's). */
export function makeWebhookSecret(bytes = WEBHOOK_SECRET_BYTES): string {
  const key = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return WEBHOOK_SECRET_PREFIX + btoa(String.fromCharCode(...key));
}
