import { createHmac } from 'node:crypto';
import { NotifyErr } from '@edp/shared/errors';
import { checkUrlTemplate, GatewayRuleError } from './gateway-rules.ts';
import { isOk, RefusedByGateway, type OutboundClient } from './outbound.ts';

/** Standard Webhooks' mark of a secret whose key is the base64 after it. */
const PREFIX = 'whsec_';
/** The spec's bounds on a key: 24 to 64 bytes. */
const KEY_BYTES = { min: 24, max: 64 };
/** Strict base64 (Node's decoder skips what it cannot read, which would sign with another key). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The HMAC key of a tenant's webhook secret (docs/notifications.md, "Webhook"). A `whsec_`
 * secret is Standard Webhooks' own: its key is the base64 after the prefix, as the official
 * libraries read it (`new Webhook(secret)`). A secret without the prefix was saved before issue
 * 35, when every secret was signed with its UTF-8 bytes: it keeps that key, so that a receiver
 * already checking it is not broken by an upgrade (the library's `{ format: 'raw' }`). Null for
 * a `whsec_` secret that is not base64 of 24 to 64 bytes.
 */
export function webhookKey(secret: string): Buffer | null {
  if (!secret.startsWith(PREFIX)) return Buffer.from(secret, 'utf8');
  const b64 = secret.slice(PREFIX.length);
  if (!BASE64.test(b64)) return null;
  const key = Buffer.from(b64, 'base64');
  return key.length >= KEY_BYTES.min && key.length <= KEY_BYTES.max ? key : null;
}

/**
 * A webhook's signature, after the Standard Webhooks specification (standardwebhooks.com):
 * HMAC-SHA256 with the secret's key (webhookKey) over `<id>.<timestamp>.<body>`, base64, sent as
 * `webhook-signature: v1,<signature>` beside `webhook-id` and `webhook-timestamp` (seconds). The
 * receiver checks it, and refuses a timestamp far from its clock (a replay).
 */
export function webhookSignature(key: Buffer, id: string, timestamp: number, body: string) {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Posts one signed message; throws unless the receiver answered 2xx: its status only (never the
 * receiver's body), or the outbound client's short reason.
 */
export async function postWebhook(
  client: OutboundClient,
  url: string,
  secret: string,
  id: string,
  body: string,
  now: Date,
): Promise<void> {
  // Saved before the address rules: a clear reason in the log rather than a parser's error.
  checkUrlTemplate(url, 'webhookUrl');
  // Refused at save since issue 35; a row saved before may still hold one.
  const key = webhookKey(secret);
  if (!key)
    throw new GatewayRuleError(
      NotifyErr.TemplateInvalid,
      { field: 'webhookSecret' },
      'invalid secret: webhookSecret',
    );
  const timestamp = Math.floor(now.getTime() / 1000);
  const res = await client.call(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'EDP-Console-Webhook/1',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(key, id, timestamp, body),
    },
    body,
  });
  if (!isOk(res.status)) throw new RefusedByGateway(`HTTP ${res.status}`);
}
