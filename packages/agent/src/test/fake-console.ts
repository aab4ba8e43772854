import http from 'node:http';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  ZCheckInRequest,
  ZEnrolRequest,
  ZEscrowRequest,
  ZResultsRequest,
  type TCommandResult,
  type TEngineCommand,
  type TEscrowKey,
} from '@edp/shared/contracts/agent';
import type { TEnrolProof } from '@edp/shared/contracts/agent';
import type { TEngineIdentity, TEngineState } from '@edp/shared/contracts/engine';
import { AgentErr, CommonErr, errorMessage } from '@edp/shared/errors';
import { ZLogBatch } from '@edp/shared/contracts/logs';
import { FakeLogStore } from './fake-log-store.ts';

/**
 * A console that speaks only the declared engine protocol (packages/shared/src/contracts/agent.ts
 * and docs/engines.md): POST /api/agent/enrol and /api/agent/checkin with the envelope
 * { success, errCode, msg, data }. Bodies are checked with the shared schemas, as the real
 * server does; a test scripts the answers through `next`.
 */
export interface CheckInSeen {
  at: number;
  deviceId: string;
  state: TEngineState;
  results: TCommandResult[];
  headers: http.IncomingHttpHeaders;
}

/** A result as the console received it: in a check-in or with the results call. */
export interface ResultSeen extends TCommandResult {
  at: number;
  deviceId: string;
  via: 'checkin' | 'results';
}

export type Scripted =
  | { kind: 'ok'; interval?: number; commands?: TEngineCommand[]; acknowledge?: boolean }
  | { kind: 'error'; errCode: number; status: number; retryAfter?: number }
  /** The connection is cut without an answer (a network error for the engine). */
  | { kind: 'drop' };

export interface FakeConsole {
  url: string;
  secret: string;
  enrolments: { identity: TEngineIdentity; deviceId: string; headers: http.IncomingHttpHeaders }[];
  /** The proof each enrolment carried (undefined: none). */
  proofs: (TEnrolProof | undefined)[];
  checkIns: CheckInSeen[];
  /** Refused bodies (schema failures), which a correct engine never sends. */
  invalid: unknown[];
  /** Results received, in order (each time one arrives, also again). */
  results: ResultSeen[];
  /**
   * How the console treats results: `ack` holds them and lists them in `acknowledged` (the
   * default); `ignore` is a console from before issue 23 (results call 404, check-in answers
   * without `acknowledged`).
   */
  resultsMode: 'ack' | 'ignore';
  /**
   * The push stream: `serve` holds it (the default), `404`/`401` refuse it, `503` refuses it as
   * a console out of files does (Retry-After: `streamRetryAfter`), `drop` cuts each after
   * `dropAfterMs`.
   */
  streamMode: 'serve' | '404' | '401' | '503' | 'drop';
  streamRetryAfter: string;
  dropAfterMs: number;
  /**
   * Stream requests seen (each connection attempt), with their time, device, and whether the
   * engine asked for its commands on it (`?commands=1`).
   */
  streamRequests: { at: number; deviceId?: string; status: number; commands: boolean }[];
  /** Devices whose stream is open now. */
  openStreams(): string[];
  /** Writes `event: checkin` to the device's stream: whether one was open. */
  nudge(deviceId: string): boolean;
  /**
   * Writes `event: commands` with these commands and the console's clock (`now`, default the
   * fake's) to the device's stream, as the console does for an engine that asked for them (or
   * `data` as it is): whether one was open.
   */
  pushCommands(
    deviceId: string,
    commands: TEngineCommand[] | { data: string },
    now?: number,
  ): boolean;
  /** Closes every open stream from the console's side. */
  dropStreams(): void;
  /** The engine file `GET /api/agent/engine` answers (404 -10105 while unset). */
  engineFile?: Buffer;
  /** Engine file downloads to refuse first with 429 (the per-address limit). */
  engineBusy: number;
  /** Engine file requests seen. */
  engineRequests: number;
  /** The logs call: what it stored, as the console's rules say (fake-log-store.ts). */
  logs: FakeLogStore;
  /**
   * How the console treats the logs call: `store` (the default); `404` a console from before
   * it; `drop` cuts the connection after storing (the answer is lost); `down` cuts it before.
   */
  logsMode: 'store' | '404' | 'drop' | 'down';
  /**
   * The vendor public key (PEM) enrolment answers give, as the console does (issue 35): a key of
   * this fake's own by default; undefined is a console from before it.
   */
  vendorKey?: string;
  /**
   * The tenant's escrow key (docs/keys.md "Escrow"): as the console does, a check-in whose state
   * lists a data key not escrowed under it is answered `escrow`. Undefined: keys not initialised.
   */
  escrowKey?: TEscrowKey;
  /** The keys call: `ack` holds keys wrapped to the current escrow key; `down` cuts it. */
  keysMode: 'ack' | 'down';
  /** Wrapped keys received with the keys call (each time, also again). */
  escrowed: { deviceId: string; id: string; escrow: string; wrapped: string; at: number }[];
  /** Answers for the next check-ins, first in first out; then `fallback`. */
  next: Scripted[];
  fallback: Scripted;
  deprecate(deviceId: string): void;
  close(): Promise<void>;
}

export async function startFakeConsole(opts: { interval?: number } = {}): Promise<FakeConsole> {
  const secret = 'edp_enrol_' + randomBytes(24).toString('base64url');
  const devices = new Map<string, string>(); // token -> device id
  const byFingerprint = new Map<string, string>();
  const byKey = new Map<string, string>();
  const deprecated = new Set<string>();
  const streams = new Map<string, http.ServerResponse>();
  const fake: Omit<FakeConsole, 'url' | 'close'> = {
    secret,
    enrolments: [],
    proofs: [],
    checkIns: [],
    invalid: [],
    results: [],
    engineBusy: 0,
    engineRequests: 0,
    resultsMode: 'ack',
    streamMode: 'serve',
    streamRetryAfter: '60',
    dropAfterMs: 100,
    streamRequests: [],
    openStreams: () => [...streams.keys()],
    nudge: (id) => {
      const res = streams.get(id);
      if (!res) return false;
      res.write('event: checkin\ndata: \n\n');
      return true;
    },
    pushCommands: (id, commands, now = Date.now()) => {
      const res = streams.get(id);
      if (!res) return false;
      const data = 'data' in commands ? commands.data : JSON.stringify({ now, commands });
      res.write(`event: commands\ndata: ${data}\n\n`);
      return true;
    },
    dropStreams: () => {
      for (const res of streams.values()) res.destroy();
      streams.clear();
    },
    logs: new FakeLogStore(),
    logsMode: 'store',
    vendorKey: generateKeyPairSync('ed25519')
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString(),
    keysMode: 'ack',
    escrowed: [],
    next: [],
    fallback: { kind: 'ok' },
    deprecate: (id) => deprecated.add(id),
  };
  const interval = opts.interval ?? 30;

  const send = (res: http.ServerResponse, status: number, body: object, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, errCode: number, status: number, headers = {}) =>
    send(res, status, { success: false, errCode, msg: errorMessage(errCode, 'zh-CN') }, headers);

  const server = http.createServer((req, res) => {
    const deviceOf = () => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      return token ? devices.get(token) : undefined;
    };
    if (req.method === 'GET' && req.url === '/api/agent/engine') {
      fake.engineRequests++;
      if (fake.engineBusy > 0) {
        fake.engineBusy--;
        return refuse(res, CommonErr.TooMany, 429, { 'retry-after': '1' });
      }
      if (!fake.engineFile) return refuse(res, AgentErr.EngineNotBuilt, 404);
      res.writeHead(200, {
        'content-type': 'text/javascript',
        'x-content-sha256': createHash('sha256').update(fake.engineFile).digest('hex'),
      });
      return res.end(fake.engineFile);
    }
    const target = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && target.pathname === '/api/agent/events') {
      const deviceId = deviceOf();
      const status =
        !deviceId || fake.streamMode === '401'
          ? 401
          : deprecated.has(deviceId)
            ? 403
            : fake.streamMode === '404' || fake.streamMode === '503'
              ? +fake.streamMode
              : 200;
      const commands = target.searchParams.get('commands') === '1';
      fake.streamRequests.push({ at: Date.now(), deviceId, status, commands });
      if (status === 404) return refuse(res, CommonErr.NotFound, 404);
      if (status === 503)
        return refuse(res, CommonErr.Unavailable, 503, { 'retry-after': fake.streamRetryAfter });
      if (status === 403) return refuse(res, AgentErr.DeviceDeprecated, 403);
      if (status === 401) return refuse(res, AgentErr.TokenInvalid, 401);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': open\n\n');
      // A second stream of the same device replaces the first.
      streams.get(deviceId!)?.destroy();
      streams.set(deviceId!, res);
      res.on('close', () => {
        if (streams.get(deviceId!) === res) streams.delete(deviceId!);
      });
      if (fake.streamMode === 'drop') setTimeout(() => res.destroy(), fake.dropAfterMs);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return refuse(res, CommonErr.MalformedJson, 400);
      }
      if (req.method === 'POST' && req.url === '/api/agent/enrol') {
        const parsed = ZEnrolRequest.safeParse(body);
        if (!parsed.success) {
          fake.invalid.push(body);
          return refuse(res, CommonErr.Invalid, 400);
        }
        // As the console does (issue 34): with no secret, the device the engine's key or current
        // token names enrols again. Signatures are the real
        // console's business (engines/reenrol-proof.test.ts, real-server.test.ts).
        const { proof } = parsed.data;
        const fp = parsed.data.identity.fingerprint;
        let deviceId: string | undefined;
        if (parsed.data.secret === undefined) {
          const token = parsed.data.token;
          deviceId = (proof && byKey.get(proof.key)) || (token && devices.get(token)) || undefined;
          if (!deviceId) return refuse(res, AgentErr.ReenrolNotProven, 403);
        } else {
          if (parsed.data.secret !== secret) return refuse(res, AgentErr.SecretInvalid, 401);
          deviceId = byFingerprint.get(fp) ?? `dev-${byFingerprint.size + 1}`;
        }
        byFingerprint.set(fp, deviceId);
        if (proof) byKey.set(proof.key, deviceId);
        fake.proofs.push(proof);
        const token = randomBytes(24).toString('base64url');
        devices.set(token, deviceId);
        fake.enrolments.push({ identity: parsed.data.identity, deviceId, headers: req.headers });
        return send(res, 200, {
          success: true,
          errCode: 0,
          msg: 'ok',
          data: { deviceId, token, interval, vendorKey: fake.vendorKey },
        });
      }
      if (req.method === 'POST' && req.url === '/api/agent/results') {
        if (fake.resultsMode === 'ignore') return refuse(res, CommonErr.NotFound, 404);
        const deviceId = deviceOf();
        if (!deviceId) return refuse(res, AgentErr.TokenInvalid, 401);
        const parsed = ZResultsRequest.safeParse(body);
        if (!parsed.success) {
          fake.invalid.push(body);
          return refuse(res, CommonErr.Invalid, 400);
        }
        const at = Date.now();
        for (const r of parsed.data.results)
          fake.results.push({ ...r, at, deviceId, via: 'results' });
        return send(res, 200, {
          success: true,
          errCode: 0,
          msg: 'ok',
          data: { acknowledged: parsed.data.results.map((r) => r.id) },
        });
      }
      if (req.method === 'POST' && req.url === '/api/agent/logs') {
        if (fake.logsMode === '404') return refuse(res, CommonErr.NotFound, 404);
        if (fake.logsMode === 'down') return req.socket.destroy();
        const deviceId = deviceOf();
        if (!deviceId) return refuse(res, AgentErr.TokenInvalid, 401);
        const parsed = ZLogBatch.safeParse(body);
        if (!parsed.success) {
          fake.invalid.push(body);
          return refuse(res, CommonErr.Invalid, 400);
        }
        const data = fake.logs.take(deviceId, parsed.data);
        if (fake.logsMode === 'drop') return req.socket.destroy();
        return send(res, 200, { success: true, errCode: 0, msg: 'ok', data });
      }
      if (req.method === 'POST' && req.url === '/api/agent/keys') {
        if (fake.keysMode === 'down') return req.socket.destroy();
        const deviceId = deviceOf();
        if (!deviceId) return refuse(res, AgentErr.TokenInvalid, 401);
        const parsed = ZEscrowRequest.safeParse(body);
        if (!parsed.success) {
          fake.invalid.push(body);
          return refuse(res, CommonErr.Invalid, 400);
        }
        const at = Date.now();
        for (const k of parsed.data.keys) fake.escrowed.push({ ...k, deviceId, at });
        // As the console does: only keys wrapped to the current escrow key are held.
        const acknowledged = parsed.data.keys
          .filter((k) => k.escrow === fake.escrowKey?.id)
          .map((k) => k.id);
        return send(res, 200, { success: true, errCode: 0, msg: 'ok', data: { acknowledged } });
      }
      if (req.method === 'POST' && req.url === '/api/agent/checkin') {
        const deviceId = deviceOf();
        if (!deviceId) return refuse(res, AgentErr.TokenInvalid, 401);
        if (deprecated.has(deviceId)) return refuse(res, AgentErr.DeviceDeprecated, 403);
        const parsed = ZCheckInRequest.safeParse(body);
        if (!parsed.success) {
          fake.invalid.push(body);
          return refuse(res, CommonErr.Invalid, 400);
        }
        const at = Date.now();
        fake.checkIns.push({
          at,
          deviceId,
          state: parsed.data.state,
          results: parsed.data.results,
          headers: req.headers,
        });
        for (const r of parsed.data.results)
          fake.results.push({ ...r, at, deviceId, via: 'checkin' });
        const answer = fake.next.shift() ?? fake.fallback;
        if (answer.kind === 'drop') return req.socket.destroy();
        if (answer.kind === 'error') {
          return refuse(
            res,
            answer.errCode,
            answer.status,
            answer.retryAfter !== undefined ? { 'retry-after': String(answer.retryAfter) } : {},
          );
        }
        return send(res, 200, {
          success: true,
          errCode: 0,
          msg: 'ok',
          data: {
            interval: answer.interval ?? interval,
            now: Date.now(),
            commands: answer.commands ?? [],
            ...(fake.resultsMode === 'ack' && answer.acknowledge !== false
              ? { acknowledged: parsed.data.results.map((r) => r.id) }
              : {}),
            ...(fake.escrowKey &&
            parsed.data.state.keys.some((k) => k.escrow !== fake.escrowKey!.id)
              ? { escrow: fake.escrowKey }
              : {}),
          },
        });
      }
      return refuse(res, CommonErr.NotFound, 404);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        fake.dropStreams();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
