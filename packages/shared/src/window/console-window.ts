import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/**
 * The console's signed windows (docs/elevation.md): an approved elevation or learning-mode
 * window, signed by the console's own Ed25519 key (not the vendor's: the vendor's key signs what
 * the vendor sells, and a console does not hold it). The engine trusts the key it was given at
 * enrolment, kept in its state directory, and nothing a command carries.
 *
 * Armour and envelope as the portal's files (docs/licence-format.md), with its own armour and
 * signing prefix, so neither a licence nor a portal `.ele` can be replayed as a window.
 * Node only (node:crypto): the web never imports this module.
 */
export const WINDOW_ARMOUR = 'EDP CONSOLE WINDOW';
export const WINDOW_SIGNING_PREFIX = 'edp-console-window/v1/';

export const ZWindowPayload = z.object({
  ver: z.literal(1),
  /** The request's id: the same window keeps it when adjusted. */
  id: z.string().min(1).max(64),
  kind: z.enum(['elevation', 'learning']),
  deviceId: z.string().min(1).max(128),
  fingerprint: z.string().min(1).max(256),
  /** When the console signed this text (ms): of two texts of one window, the later wins. */
  issuedAt: z.number().int(),
  validFrom: z.number().int(),
  validUntil: z.number().int(),
});
export type TWindowPayload = z.infer<typeof ZWindowPayload>;

const ZEnvelope = z.object({
  alg: z.literal('ed25519'),
  kid: z.string(),
  payload: z.string(),
  sig: z.string(),
});

/** Canonical JSON: keys sorted at every level, no white space. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** First 16 hex digits of SHA-256 over the public key's SPKI DER. */
export function keyId(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

export function signWindow(payload: TWindowPayload, privateKey: KeyObject, publicKey: KeyObject) {
  const text = canonical(ZWindowPayload.parse(payload));
  const sig = sign(null, Buffer.from(WINDOW_SIGNING_PREFIX + text, 'utf8'), privateKey);
  const envelope = canonical({
    alg: 'ed25519',
    kid: keyId(publicKey),
    payload: text,
    sig: sig.toString('base64'),
  });
  const body = Buffer.from(envelope, 'utf8')
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${WINDOW_ARMOUR}-----\n${body.trim()}\n-----END ${WINDOW_ARMOUR}-----\n`;
}

/** The payload a window text carries, NOT verified: for the load simulator only. */
export function peekWindow(text: unknown): TWindowPayload | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const body = text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const env = ZEnvelope.parse(JSON.parse(Buffer.from(body, 'base64').toString('utf8')));
    return ZWindowPayload.parse(JSON.parse(env.payload));
  } catch {
    return undefined;
  }
}

/** The payload of a window `publicKey` signed, or undefined (armour, envelope or signature wrong). */
export function openWindow(text: unknown, publicKey: KeyObject): TWindowPayload | undefined {
  if (typeof text !== 'string') return undefined;
  const match = new RegExp(
    `-----BEGIN ${WINDOW_ARMOUR}-----([\\s\\S]*?)-----END ${WINDOW_ARMOUR}-----`,
  ).exec(text);
  const body = match?.[1]?.replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  try {
    const env = ZEnvelope.safeParse(JSON.parse(Buffer.from(body, 'base64').toString('utf8')));
    if (!env.success) return undefined;
    const good = verify(
      null,
      Buffer.from(WINDOW_SIGNING_PREFIX + env.data.payload, 'utf8'),
      publicKey,
      Buffer.from(env.data.sig, 'base64'),
    );
    if (!good) return undefined;
    const payload = ZWindowPayload.safeParse(JSON.parse(env.data.payload));
    return payload.success ? payload.data : undefined;
  } catch {
    return undefined;
  }
}
