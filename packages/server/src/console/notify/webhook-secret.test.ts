import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { makeWebhookSecret } from '@edp/shared/webhook-secret';
import { webhookKey, webhookSignature } from './webhook.ts';

/**
 * Issue 35: the settings page makes a webhook secret in the browser (@edp/shared/webhook-secret).
 * The server takes it as it takes a typed one, unchanged: a key of 32 bytes, and messages signed
 * with it pass the official library's check.
 */
describe('a webhook secret made on the settings page', () => {
  it('is a Standard Webhooks secret the server takes and the official library verifies with', () => {
    const made = Array.from({ length: 200 }, () => makeWebhookSecret());
    expect(new Set(made).size).toBe(made.length);
    for (const secret of made) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const key = webhookKey(secret);
      expect(key?.length).toBe(32);
      const body = JSON.stringify({ id: 'msg_1', text: 'EDP 控制台告警' });
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(key!, 'msg_1', timestamp, body),
      };
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    }
  });
});
