import { createHmac } from 'node:crypto';
import { checkUrlTemplate } from './gateway-rules.ts';
import { isOk, RefusedByGateway, type OutboundClient } from './outbound.ts';

/**
 * A webhook's signature, after the Standard Webhooks scheme (standardwebhooks.com): HMAC-SHA256
 * with the tenant's secret (its UTF-8 bytes) over `<id>.<timestamp>.<body>`, base64, sent as
 * `webhook-signature: v1,<signature>` beside `webhook-id` and `webhook-timestamp` (seconds). The
 * receiver checks it, and refuses a timestamp far from its clock (a replay).
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string) {
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
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
  const timestamp = Math.floor(now.getTime() / 1000);
  const res = await client.call(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'EDP-Console-Webhook/1',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(secret, id, timestamp, body),
    },
    body,
  });
  if (!isOk(res.status)) throw new RefusedByGateway(`HTTP ${res.status}`);
}
