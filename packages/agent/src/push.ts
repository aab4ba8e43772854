import http from 'node:http';
import https from 'node:https';
import { createParser } from 'eventsource-parser';
import { API_BASE } from '@edp/shared/constants';
import { engineEvents } from '@edp/shared/api/engine/agent.calls';
import { ZPushCommands, type TPushCommands } from '@edp/shared/contracts/agent';
import { backoffMs } from './backoff.ts';

/**
 * The push stream (docs/commands.md, "The channel"): `GET /api/agent/events` with the device
 * token, held open. Asked with `?commands=1` (`onCommands` given), the console writes the
 * engine's new commands on it (`event: commands`), which run without a check-in; otherwise, or
 * when they do not fit one event, it writes `event: checkin` when it has something for the
 * engine. A comment line every 25 s keeps proxies from closing the connection. The state and
 * everything else still go through the check-in, so an engine whose stream is refused (a console
 * without it answers 404), dropped or blocked by a proxy works on, at its interval.
 *
 * Server-sent events are parsed by eventsource-parser (bundled into the one-file engine).
 */
export interface PushStreamOptions {
  /** The console's base URL (as enrolled). */
  url: string;
  token: string;
  /** Called for each `event: checkin` (and for an `event: commands` that does not parse). */
  onCheckIn: () => void;
  /**
   * Called for each `event: commands` with the commands and the console's clock; given, the
   * stream asks the console for them (`?commands=1`).
   */
  onCommands?: (event: TPushCommands) => void;
  /** Connections for the stream (default: one of its own, not the check-in's). */
  agent?: http.Agent;
  log?: (line: string) => void;
  random?: () => number;
  /**
   * Reconnection waits: 1 s doubling to 60 s, ±10 % (a stream open 30 s or more starts again at
   * 1 s); a refusal's Retry-After, if longer, is waited instead (1 to 1.5 times it).
   */
  backoff?: { baseMs: number; capMs: number };
  /** A stream silent this long is taken as dead and opened again (default 60 s: two keep-alives missed). */
  idleTimeoutMs?: number;
  /** The local address to connect from (the simulator spreads its streams over 127.x addresses). */
  localAddress?: string;
  /** Reports each change (the simulator counts streams). */
  onChange?: (change: PushChange) => void;
}

export type PushChange =
  | { kind: 'open' }
  | { kind: 'drop'; reason: string; wasOpen: boolean }
  | { kind: 'refused'; key: string; status: number };

/** The longest Retry-After heeded (a console asking for more is asked again after this). */
const RETRY_AFTER_MAX_MS = 3_600_000;

/** A Retry-After header (seconds, or an HTTP date) in milliseconds; undefined without one. */
export function retryAfterMs(
  header: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms) || ms <= 0) return undefined;
  return Math.min(ms, RETRY_AFTER_MAX_MS);
}

/** An open stream that lasted this long counts as healthy: the next drop waits 1 s again. */
const STABLE_MS = 30_000;

export class PushStream {
  private req?: http.ClientRequest;
  private timer?: NodeJS.Timeout;
  private stopped = true;
  private failures = 0;
  private openedAt = 0;
  /** Whether the last attempt was refused (logged once, not on every retry). */
  private lastProblem?: string;
  private readonly target: URL;
  private readonly agent: http.Agent;
  private readonly ownAgent: boolean;
  readonly stats = { opened: 0, events: 0, commands: 0, comments: 0, drops: 0, refusals: 0 };

  constructor(private readonly opts: PushStreamOptions) {
    const base = new URL(opts.url.endsWith('/') ? opts.url : opts.url + '/');
    this.target = new URL(`${API_BASE}${engineEvents.path}`.replace(/^\//, ''), base);
    if (opts.onCommands) this.target.searchParams.set('commands', '1');
    const secure = this.target.protocol === 'https:';
    this.ownAgent = !opts.agent;
    // A stream holds its connection for as long as it lasts: never the check-ins' pool.
    this.agent = opts.agent ?? (secure ? new https.Agent() : new http.Agent());
  }

  get open(): boolean {
    return this.openedAt > 0;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.req?.destroy();
    this.req = undefined;
    this.openedAt = 0;
    if (this.ownAgent) this.agent.destroy();
  }

  private connect(): void {
    if (this.stopped) return;
    const lib = this.target.protocol === 'https:' ? https : http;
    const req = lib.request(this.target, {
      method: 'GET',
      agent: this.agent,
      localAddress: this.opts.localAddress,
      headers: {
        accept: 'text/event-stream',
        'cache-control': 'no-cache',
        authorization: `Bearer ${this.opts.token}`,
      },
    });
    this.req = req;
    let ended = false;
    const end = (reason: string) => {
      if (ended) return;
      ended = true;
      req.destroy();
      if (this.req === req) this.req = undefined;
      if (this.stopped) return;
      const wasOpen = this.openedAt > 0;
      if (wasOpen) {
        this.stats.drops++;
        if (Date.now() - this.openedAt >= STABLE_MS) this.failures = 0;
        this.opts.onChange?.({ kind: 'drop', reason, wasOpen });
      }
      this.openedAt = 0;
      this.retry(wasOpen ? `push stream closed (${reason})` : `push stream failed: ${reason}`);
    };
    req.setTimeout(this.opts.idleTimeoutMs ?? 60_000, () => end('silent too long'));
    req.on('error', (err) => end(err.message));
    req.on('response', (res) => {
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode !== 200 || !type.startsWith('text/event-stream')) {
        // Refused: read the envelope's code for the log, then wait and try again. A 404 is a
        // console without the stream; 401/403 are the check-in's to act on (it stops the engine).
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (chunks.length < 16) chunks.push(c);
        });
        res.on('error', () => end('refused'));
        res.on('end', () => {
          let key = `http-${res.statusCode}`;
          try {
            const env = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { errCode?: unknown };
            if (typeof env.errCode === 'number') key = String(env.errCode);
          } catch {
            // not an envelope: the status tells
          }
          this.stats.refusals++;
          this.opts.onChange?.({ kind: 'refused', key, status: res.statusCode ?? 0 });
          ended = true;
          req.destroy();
          if (this.req === req) this.req = undefined;
          // A console that holds all the streams its files allow answers 503 with Retry-After:
          // the stream is asked for again no sooner (check-ins go on meanwhile).
          const after = retryAfterMs(res.headers['retry-after']);
          this.retry(
            res.statusCode === 404
              ? `push stream not offered by this console (HTTP 404, ${key})`
              : `push stream refused: HTTP ${res.statusCode}, ${key}`,
            after,
          );
        });
        return;
      }
      this.openedAt = Date.now();
      this.stats.opened++;
      if (this.lastProblem) this.opts.log?.('push stream open again');
      this.lastProblem = undefined;
      this.opts.onChange?.({ kind: 'open' });
      const parser = createParser({
        // Events are one line; anything bigger is not the console's.
        maxBufferSize: 64 * 1024,
        onEvent: (event) => {
          this.stats.events++;
          if (event.event === 'checkin') this.opts.onCheckIn();
          else if (event.event === 'commands' && this.opts.onCommands) this.commands(event.data);
        },
        onComment: () => {
          this.stats.comments++;
        },
        onError: (err) => {
          if (err.type === 'max-buffer-size-exceeded') end('an event too large');
        },
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!ended) parser.feed(chunk);
      });
      res.on('error', (err) => end(err.message));
      res.on('end', () => end('ended by the console'));
      res.on('close', () => end('connection closed'));
    });
    req.end();
  }

  /** An `event: commands`: handed on; one that does not parse is fetched by a check-in. */
  private commands(data: string): void {
    let parsed: ReturnType<typeof ZPushCommands.safeParse> | undefined;
    try {
      parsed = ZPushCommands.safeParse(JSON.parse(data));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      this.opts.onCheckIn();
      return;
    }
    this.stats.commands++;
    this.opts.onCommands!(parsed.data);
  }

  /**
   * The next try after the back-off of this many failures, or after the console's Retry-After
   * if that is longer: spread over 1 to 1.5 times it, never sooner (engines refused together
   * do not all come back in the same second).
   */
  private retry(problem: string, retryAfter?: number): void {
    if (this.stopped) return;
    this.failures++;
    const random = this.opts.random ?? Math.random;
    const delay = Math.max(
      backoffMs(
        this.failures,
        this.opts.backoff?.baseMs ?? 1_000,
        this.opts.backoff?.capMs ?? 60_000,
        random,
      ),
      retryAfter === undefined ? 0 : retryAfter * (1 + 0.5 * random()),
    );
    // The first problem of a kind is logged; the same again is not (a console without the
    // stream would otherwise write a line a minute for ever).
    const kind = problem.replace(/\d+/g, '#');
    if (kind !== this.lastProblem) {
      this.opts.log?.(
        `${problem}; check-ins go on at their interval; retrying in ${(delay / 1000).toFixed(1)} s`,
      );
      this.lastProblem = kind;
    }
    this.timer = setTimeout(() => this.connect(), delay);
  }
}
