import { SMS_PLACEHOLDERS } from '../rules.ts';

/**
 * Rules about the addresses and headers of a tenant's SMS gateway, cloud SMS and webhook that the
 * server enforces and the settings pages show before saving (docs/notifications.md).
 */

const PLACEHOLDERS = Object.values(SMS_PLACEHOLDERS);

/** A URL template with its placeholders percent-encoded, so that a URL parser keeps them. */
const parsable = (template: string) =>
  PLACEHOLDERS.reduce((s, p) => s.replaceAll(p, encodeURIComponent(p)), template.trim());

/**
 * Where a stored secret goes: scheme, host, port and path, not the query or the fragment. The
 * path counts because on a shared host it picks the receiver (a webhook relay's bin, a function
 * platform's tenant, an API gateway's route); the query is the template's parameters, and the
 * fragment is never sent. A template that does not parse is its own text.
 */
export function secretDestination(url: string): string {
  try {
    const u = new URL(parsable(url));
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url.trim();
  }
}

/**
 * Whether saving `next` where `before` was stored moves the stored secrets to another receiver,
 * so that they must be typed again (an address given where there was none moves them too;
 * clearing the address sends nothing).
 */
export const addressMoved = (before: string | null | undefined, next: string) =>
  next.trim() !== '' && secretDestination(before ?? '') !== secretDestination(next);

/**
 * Headers a tenant may not set. Hop-by-hop and framing headers are the HTTP client's to write
 * (a tenant's Host, Content-Length or Transfer-Encoding would retarget or desynchronise the
 * request); forwarding headers claim a client address to whatever believes them; X-Token is this
 * console's own session header, which no gateway needs. Authorization and Cookie stay allowed:
 * they are how a gateway knows the tenant, and a secret header keeps them sealed.
 */
const REFUSED = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'expect',
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'x-token',
]);

export function isRefusedHeader(name: string): boolean {
  const n = name.trim().toLowerCase();
  return REFUSED.has(n) || n.startsWith('proxy-') || n.startsWith('x-forwarded-');
}
