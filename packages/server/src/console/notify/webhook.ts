import { createHmac } from 'node:crypto';
import { GATEWAY_TIMEOUT_MS } from './sms-sender.ts';

/**
 * A webhook's signature, after the Standard Webhooks scheme (standardwebhooks.com): HMAC-SHA256
 * with the tenant's secret (its UTF-8 bytes) over `<id>.<timestamp>.<body>`, base64, sent as
 * `webhook-signature: v1,<signature>` beside `webhook-id` and `webhook-timestamp` (seconds). The
 * receiver checks it, and refuses a timestamp far from its clock (a replay).
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string) {
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** Posts one signed message; throws with what went wrong unless the receiver answered 2xx. */
export async function postWebhook(
  url: string,
  secret: string,
  id: string,
  body: string,
  now: Date,
): Promise<void> {
  const timestamp = Math.floor(now.getTime() / 1000);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      redirect: 'error',
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'EDP-Console-Webhook/1',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(secret, id, timestamp, body),
      },
      body,
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    throw new Error(
      (err as Error).name === 'TimeoutError' ? 'timeout' : (cause ?? (err as Error).message),
    );
  }
  // The answer's body is not read beyond its first bytes: a receiver owes us only its status.
  const text = (await res.text()).slice(0, 200);
  if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status} ${text}`.trim());
}
