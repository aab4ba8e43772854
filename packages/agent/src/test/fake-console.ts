import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ZCheckInRequest, ZEnrolRequest, type TEngineCommand } from '@edp/shared/contracts/agent';
import type { TEngineIdentity, TEngineState } from '@edp/shared/contracts/engine';
import { AgentErr, CommonErr, errorMessage } from '@edp/shared/errors';

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
  headers: http.IncomingHttpHeaders;
}

export type Scripted =
  | { kind: 'ok'; interval?: number; commands?: TEngineCommand[] }
  | { kind: 'error'; errCode: number; status: number; retryAfter?: number }
  /** The connection is cut without an answer (a network error for the engine). */
  | { kind: 'drop' };

export interface FakeConsole {
  url: string;
  secret: string;
  enrolments: { identity: TEngineIdentity; deviceId: string; headers: http.IncomingHttpHeaders }[];
  checkIns: CheckInSeen[];
  /** Refused bodies (schema failures), which a correct engine never sends. */
  invalid: unknown[];
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
  const deprecated = new Set<string>();
  const fake: Omit<FakeConsole, 'url' | 'close'> = {
    secret,
    enrolments: [],
    checkIns: [],
    invalid: [],
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
        if (parsed.data.secret !== secret) return refuse(res, AgentErr.SecretInvalid, 401);
        const fp = parsed.data.identity.fingerprint;
        const deviceId = byFingerprint.get(fp) ?? `dev-${byFingerprint.size + 1}`;
        byFingerprint.set(fp, deviceId);
        const token = randomBytes(24).toString('base64url');
        devices.set(token, deviceId);
        fake.enrolments.push({ identity: parsed.data.identity, deviceId, headers: req.headers });
        return send(res, 200, {
          success: true,
          errCode: 0,
          msg: 'ok',
          data: { deviceId, token, interval },
        });
      }
      if (req.method === 'POST' && req.url === '/api/agent/checkin') {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const deviceId = token ? devices.get(token) : undefined;
        if (!deviceId) return refuse(res, AgentErr.TokenInvalid, 401);
        if (deprecated.has(deviceId)) return refuse(res, AgentErr.DeviceDeprecated, 403);
        const parsed = ZCheckInRequest.safeParse(body);
        if (!parsed.success) {
          fake.invalid.push(body);
          return refuse(res, CommonErr.Invalid, 400);
        }
        fake.checkIns.push({
          at: Date.now(),
          deviceId,
          state: parsed.data.state,
          headers: req.headers,
        });
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
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
