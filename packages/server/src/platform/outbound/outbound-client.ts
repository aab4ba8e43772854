import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch, type RequestInit } from 'undici';
import {
  allowList,
  isAllowedName,
  isRefused,
  isRefusedHost,
  type AllowList,
} from './address-policy.ts';

/** How long a called service may take to answer before the call counts as not answered. */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** The most of an answer's body read (cloud SMS answers a small JSON). */
const BODY_MAX = 16_384;

/**
 * Why a call got no usable answer. The reasons are few and the same whatever the socket said
 * (refused, reset, not HTTP, no DNS answer…): a finer reason would let a tenant map the ports of
 * a host it may reach. `host` is a host name only, never a path or query that could hold a token.
 */
export type OutboundFailure =
  | { kind: 'refused'; host: string }
  | { kind: 'redirect'; host: string }
  | { kind: 'timeout' }
  | { kind: 'noAnswer' };

const REASONS = {
  refused: () => 'refused: internal address',
  redirect: (f: { host: string }) => `redirect to ${f.host || 'an unknown address'}`,
  timeout: () => 'timeout',
  noAnswer: () => 'no answer',
};

/** A call without a usable answer; its message is the short reason the delivery log keeps. */
export class OutboundError extends Error {
  constructor(readonly failure: OutboundFailure) {
    super(REASONS[failure.kind](failure as { host: string }));
  }
}

/** Thrown by the connector: the address the socket was about to reach is internal. */
class RefusedAddress extends Error {
  constructor(host: string) {
    super(`refused: internal address (${host})`);
  }
}

/** The host of a Location header, resolved against the address called; '' if it is none. */
function locationHost(location: string | null, base: string): string {
  try {
    return location ? new URL(location, base).host : '';
  } catch {
    return '';
  }
}

/** At most BODY_MAX bytes of an answer's body, as text; the rest is not read. */
async function boundedText(body: AsyncIterable<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= BODY_MAX) break;
  }
  return Buffer.concat(chunks).subarray(0, BODY_MAX).toString('utf8');
}

export interface OutboundOptions {
  /** OUTBOUND_ALLOW_HOSTS's entries: names, addresses and CIDRs the deployment allows. */
  allow: readonly string[];
  /** The resolver (tests give one of their own); node's dns.lookup by default. */
  lookup?: LookupFunction;
  timeoutMs?: number;
}

/**
 * The one way the console calls an address a tenant typed. The check is made where the socket
 * is made: an IP literal before connecting, a name on the addresses its resolution answered,
 * which are the ones the socket then uses, on every new connection (a name that resolves to a
 * public address once and to 127.0.0.1 the next time is refused the second time: no window
 * between a check and the connection). Redirects are not followed; the answer's body is read
 * only when the caller asks, and then bounded.
 */
export function outboundClient(opts: OutboundOptions) {
  const allow: AllowList = allowList(opts.allow);
  const resolve = opts.lookup ?? (dns.lookup as LookupFunction);
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_TIMEOUT_MS;

  /** node's lookup, keeping only answers that may be reached (all of them, or none). */
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      // One internal answer among public ones refuses the name: a mixed answer is how a
      // rebinding name tries its luck.
      if (list.length === 0 || list.some((a) => isRefused(a.address, allow)))
        return callback(new RefusedAddress(hostname), '', 0);
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  const plain = buildConnector({ timeout: timeoutMs, ...(opts.lookup ? { lookup: resolve } : {}) });
  const guarded = buildConnector({ timeout: timeoutMs, lookup: guardedLookup });
  const agent = new Agent({
    connect(options, callback) {
      const host = options.hostname;
      if (isAllowedName(host, allow)) return plain(options, callback);
      // net.connect does not resolve a literal address: it is judged here, before any packet.
      if (isIP(host) && isRefused(host, allow)) return callback(new RefusedAddress(host), null);
      guarded(options, callback);
    },
  });

  return {
    /**
     * One call: answers its status and time (and the body's first 16 KiB when `readBody`); a
     * refused address, a redirect, no answer or a timeout throws OutboundError.
     */
    async call(url: string, init: RequestInit, readBody = false) {
      const started = performance.now();
      const target = new URL(url);
      if (isRefusedHost(target, allow))
        throw new OutboundError({ kind: 'refused', host: target.hostname });
      let res;
      try {
        res = await fetch(target, {
          ...init,
          redirect: 'manual',
          dispatcher: agent,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw failureOf(err, target.hostname);
      }
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel();
        const host = locationHost(res.headers.get('location'), target.href);
        throw new OutboundError({ kind: 'redirect', host });
      }
      let text = '';
      try {
        if (readBody) text = await boundedText(res.body);
      } catch (err) {
        throw failureOf(err, target.hostname);
      } finally {
        await res.body?.cancel().catch(() => undefined);
      }
      return { status: res.status, text, ms: Math.round(performance.now() - started) };
    },
    /** The guarded connections themselves, for a call made some other way. */
    dispatcher: agent,
    /** Whether an address is refused without asking DNS (a literal or localhost): for saving. */
    refusedHost: (url: URL) => isRefusedHost(url, allow),
    close: () => agent.close(),
  };
}
export type OutboundClient = ReturnType<typeof outboundClient>;

/** The one short reason for what fetch threw. */
function failureOf(err: unknown, host: string): OutboundError {
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e instanceof RefusedAddress) return new OutboundError({ kind: 'refused', host });
    if (e.name === 'TimeoutError') return new OutboundError({ kind: 'timeout' });
    e = e.cause;
  }
  return new OutboundError({ kind: 'noAnswer' });
}
