import http from 'node:http';
import https from 'node:https';
import type { BodyOf, DataOf, Route } from '@edp/shared/api/define';
import { API_BASE } from '@edp/shared/constants';

/**
 * A small JSON client for the engine protocol on node:http with keep-alive: one pool of
 * connections per client, no cookies, no Accept-Language (engines hold no session and have no
 * language). The simulator sizes the pool for its rate.
 */
export interface Envelope<T = unknown> {
  success: boolean;
  errCode: number;
  msg: string;
  data?: T;
}

export interface Answer<T = unknown> {
  status: number;
  /** The envelope, when the body was one. */
  envelope?: Envelope<T>;
  /** Seconds from a Retry-After header. */
  retryAfter?: number;
  latencyMs: number;
}

export class NetworkError extends Error {
  constructor(
    message: string,
    readonly latencyMs: number,
  ) {
    super(message);
  }
}

export interface ClientOptions {
  /** Most connections open at once (default 4). */
  connections?: number;
  /** Give up on one call after this long (default 30 s). */
  timeoutMs?: number;
}

export class ProtocolClient {
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly timeoutMs: number;

  constructor(baseUrl: string, opts: ClientOptions = {}) {
    this.base = new URL(baseUrl.endsWith('/') ? baseUrl : baseUrl + '/');
    const secure = this.base.protocol === 'https:';
    const options = {
      keepAlive: true,
      maxSockets: opts.connections ?? 4,
      maxFreeSockets: opts.connections ?? 4,
      scheduling: 'lifo' as const,
    };
    this.agent = secure ? new https.Agent(options) : new http.Agent(options);
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  /**
   * POSTs `body` as JSON to the declared call's path under /api (the declarations of
   * packages/shared/src/api/engine/agent.calls.ts), below the base URL's own path.
   */
  post<C extends Route>(call: C, body: BodyOf<C>, token?: string): Promise<Answer<DataOf<C>>> {
    const url = new URL(`${API_BASE}${call.path}`.replace(/^\//, ''), this.base);
    const payload = Buffer.from(JSON.stringify(body));
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/json',
      'content-length': payload.length,
      accept: 'application/json',
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const lib = url.protocol === 'https:' ? https : http;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = lib.request(
        url,
        { method: 'POST', headers, agent: this.agent, timeout: this.timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) =>
            reject(new NetworkError(err.message, performance.now() - started)),
          );
          res.on('end', () => {
            const latencyMs = performance.now() - started;
            let envelope: Envelope<DataOf<C>> | undefined;
            try {
              const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<
                DataOf<C>
              >;
              if (parsed && typeof parsed.errCode === 'number') envelope = parsed;
            } catch {
              // not an envelope: the status tells
            }
            const ra = Number(res.headers['retry-after']);
            resolve({
              status: res.statusCode ?? 0,
              envelope,
              retryAfter: Number.isFinite(ra) && ra >= 0 ? ra : undefined,
              latencyMs,
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      req.on('error', (err) => reject(new NetworkError(err.message, performance.now() - started)));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
