import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver took. */
export interface Received {
  at: number;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  raw: string;
  /** The body parsed as JSON or as a form, else {}. */
  body: Record<string, unknown>;
  /** A webhook's check by the official Standard Webhooks library: true, or why it refused. */
  verified?: true | string;
}

/** The secret a webhook receiver holds, as the official library takes it. */
export type HookSecret = { secret: string } | { raw: Uint8Array };

const pct = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The test SMS gateway and webhook receiver (docs/notifications.md "Testing"): a real HTTP
 * server on a free port of 127.0.0.1 that records what arrives.
 *
 * - `/sms…`: an HTTP SMS gateway (any method; JSON, form or query parameters);
 * - `/cloud/`: cloud SMS as Alibaba Cloud's SendSms answers it: the signature is checked again
 *   here with `cloudKey`, independently of the console's code, and a wrong one refused as
 *   `SignatureDoesNotMatch`;
 * - `/hook…`: a webhook receiver; given a secret (`hookSecret`), it checks each message with the
 *   official `standardwebhooks` library as a tenant's receiver would, and answers 401 to one it
 *   refuses. The library reads the time from `Date.now()`; the receiver's clock is the console's
 *   injected one (`clock`), so it is set to it for the check: both ends then agree on "now" as a
 *   real sender and receiver would.
 * - `/moved…`: a redirect to `https://gateway.example/next?token=…`, which must never be followed
 *   and whose path and query must never be shown.
 *
 * `fail(prefix, n, status)` makes the next n requests under a path answer `status`.
 */
export async function startNotifyReceiver(
  opts: { cloudKey?: string; hookSecret?: HookSecret; clock?: () => number } = {},
) {
  const received: Received[] = [];
  let hookSecret = opts.hookSecret;
  const failing = new Map<string, { left: number; status: number }>();
  const waiters: (() => void)[] = [];

  const checkCloud = (q: Record<string, string>) => {
    const { Signature: signature, ...rest } = q;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${pct(k)}=${pct(rest[k]!)}`)
      .join('&');
    const expected = createHmac('sha1', `${opts.cloudKey ?? ''}&`)
      .update(`GET&${pct('/')}&${pct(canonical)}`)
      .digest('base64');
    return signature === expected;
  };

  /** True, or the library's reason for refusing the message. */
  const checkHook = (raw: string, headers: http.IncomingHttpHeaders, secret: HookSecret) => {
    const hook =
      'raw' in secret ? new Webhook(secret.raw, { format: 'raw' }) : new Webhook(secret.secret);
    const realNow = Date.now;
    if (opts.clock) Date.now = opts.clock;
    try {
      hook.verify(raw, headers as Record<string, string>);
      return true as const;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    } finally {
      Date.now = realNow;
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      const type = req.headers['content-type'] ?? '';
      if (type.includes('json')) body = JSON.parse(raw || '{}') as Record<string, unknown>;
      else if (type.includes('form')) body = Object.fromEntries(new URLSearchParams(raw));
      const entry: Received = {
        at: Date.now(),
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        raw,
        body,
      };
      const fail = [...failing].find(
        ([prefix, f]) => url.pathname.startsWith(prefix) && f.left > 0,
      );
      if (fail) {
        fail[1].left -= 1;
        entry.body = { ...entry.body, failedWith: fail[1].status };
        received.push(entry);
        res.writeHead(fail[1].status, { 'content-type': 'text/plain' }).end('refused by test');
      } else if (url.pathname.startsWith('/moved')) {
        received.push(entry);
        res
          .writeHead(302, { location: 'https://gateway.example/next?token=moved-token-0123' })
          .end('moved');
      } else if (url.pathname.startsWith('/cloud')) {
        const ok = checkCloud(entry.query);
        received.push(entry);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify(
              ok
                ? { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r' }
                : { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' },
            ),
          );
      } else if (url.pathname.startsWith('/hook') && hookSecret) {
        entry.verified = checkHook(raw, req.headers, hookSecret);
        received.push(entry);
        res
          .writeHead(entry.verified === true ? 200 : 401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: entry.verified === true }));
      } else {
        received.push(entry);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const under = (prefix: string) => received.filter((r) => r.path.startsWith(prefix));
  return {
    url,
    received,
    under,
    /** The secret the webhook receiver checks with from now on. */
    hookSecret(secret: HookSecret | undefined) {
      hookSecret = secret;
    },
    fail(prefix: string, n: number, status = 503) {
      failing.set(prefix, { left: n, status });
    },
    /** Waits until `n` requests arrived under `prefix` (or throws after `ms`). */
    async waitFor(prefix: string, n: number, ms = 10_000): Promise<Received[]> {
      const until = Date.now() + ms;
      while (under(prefix).length < n) {
        if (Date.now() > until)
          throw new Error(`${under(prefix).length} of ${n} requests under ${prefix} arrived`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100).unref();
        });
      }
      return under(prefix);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type NotifyReceiver = Awaited<ReturnType<typeof startNotifyReceiver>>;
