import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { CommonErr } from '@edp/shared/errors';
import { createTestApp, type TestContext } from '../../test/harness.ts';

/**
 * The edges outside scanners probe (issue 21, point 7): every answer under /api and /metrics is
 * the envelope or a 404 that names nothing internal, the server's own parse errors included,
 * and /metrics without its token cannot be told from an unknown path.
 */

const METRICS_TOKEN = 'metrics-token-for-edge-tests';
const en = { 'accept-language': 'en-US' };

/** A web build, so that unknown page paths get the app's page as in production. */
function webBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>EDP</title>');
  return dir;
}

/** Status, headers (without the date) and body: what tells two answers apart. */
function seen(res: InjectResponse) {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

/** Listens on a free port of 18100-18199 (the range this machine leaves to tests). */
async function listen(app: FastifyInstance): Promise<number> {
  const start = 18100 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 18100 + ((start - 18100 + i) % 100);
    try {
      await app.listen({ port, host: '127.0.0.1' });
      return port;
    } catch (err) {
      if ((err as { code?: string }).code !== 'EADDRINUSE') throw err;
    }
  }
  throw new Error('no free port in 18100-18199');
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as it is over a socket: what a scanner sends, unparsed by any client. */
function raw(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
      if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
      const headers = Object.fromEntries(
        lines.map((l) => [
          l.slice(0, l.indexOf(':')).toLowerCase(),
          l.slice(l.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

const get = (path: string, extra: Record<string, string> = {}) =>
  `GET ${path} HTTP/1.1\r\nHost: edges.example\r\nConnection: close\r\n${Object.entries(extra)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe('/metrics, to anyone without its token', () => {
  let withToken: TestContext;
  let withoutToken: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = webBuild();
    withToken = await createTestApp({ METRICS_TOKEN, WEB_DIST: webDist });
    withoutToken = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await withToken.close();
    await withoutToken.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers exactly as an unknown path does, token set or not', async () => {
    for (const ctx of [withToken, withoutToken]) {
      for (const headers of [{}, en]) {
        const inject = (url: string, more: Record<string, string> = {}, method = 'GET') =>
          ctx.app.inject({ method: method as 'GET', url, headers: { ...headers, ...more } });
        const unknown = seen(await inject('/metrics-nope'));
        expect(unknown.status).toBe(404);
        expect(JSON.parse(unknown.body)).toEqual({
          success: false,
          errCode: CommonErr.NotFound,
          msg: headers === en ? 'The requested resource does not exist' : '请求的资源不存在',
        });
        for (const [url, more] of [
          ['/metrics', {}],
          ['/metrics', { authorization: 'Bearer not-the-token-at-all-no' }],
          ['/metrics', { authorization: `Basic ${METRICS_TOKEN}` }],
          ['/metrics/', {}],
          ['/metrics/x', {}],
          ['/metrics?x=1', {}],
          ['/api/no/such/call', {}],
        ] as const) {
          expect(seen(await inject(url, more)), url).toEqual(unknown);
        }
        const head = seen(await inject('/metrics', {}, 'HEAD'));
        expect(head, 'HEAD').toEqual(seen(await inject('/metrics-nope', {}, 'HEAD')));
      }
    }
  });

  it('answers the token holder with the figures', async () => {
    const res = await withToken.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/edp_http_request_duration_seconds/);
  });

  it('leaves the web app its pages', async () => {
    const page = await withToken.app.inject({ method: 'GET', url: '/admin/metrics' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('what the server answers before any route', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    port = await listen(ctx.app);
  });
  afterAll(() => ctx.close());

  it('answers a path out of the documentation folder as an unknown path', async () => {
    const unknown = await raw(port, get('/api/no/such/call', en));
    for (const url of [
      '/api/docs/static/../../etc/passwd',
      '/api/docs/static/%2e%2e/%2e%2e/etc/passwd',
      '/api/docs/static/..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await raw(port, get(url, en));
      expect(res.status, url).toBe(404);
      expect(JSON.parse(res.body), url).toEqual(JSON.parse(unknown.body));
    }
  });

  it('answers a header block over the limit (431) in the envelope, in the asked language', async () => {
    for (const [language, msg] of [
      [undefined, '请求头过大'],
      ['en-US', 'The request headers are too large'],
    ] as const) {
      const res = await raw(
        port,
        get('/api/owner/n/ts', {
          ...(language ? { 'Accept-Language': language } : {}),
          'X-Big': 'a'.repeat(100_000),
        }),
      );
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        errCode: CommonErr.HeadersTooLarge,
        msg,
      });
    }
  });

  it('answers a request that is not HTTP (400) in the envelope', async () => {
    for (const request of [
      'GARBAGE\r\n\r\n',
      'GET /api/owner/n/ts HTTP/1.1\r\nHost: x\r\nAccept-Language: en-US\r\nContent-Length: abc\r\n\r\n',
      'GET /api/owner/n/ts HTTP/1.1\r\nHost: x\r\nAccept-Language: en-US\r\nBad Header\r\n\r\n',
    ]) {
      const res = await raw(port, request);
      expect(res.status, request).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = JSON.parse(res.body) as { msg: string };
      expect(body, request).toEqual({
        success: false,
        errCode: CommonErr.BadRequest,
        msg: request.includes('en-US') ? 'The request is malformed' : '请求格式错误',
      });
    }
  });
});

describe('a URL the router refuses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('names the URL and why, as any refused field, under /api and /metrics alike', async () => {
    for (const url of ['/api/%E0%A4%A', '/metrics/%E0%A4%A', '/metrics%E0%A4%A']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: en });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        success: false,
        errCode: CommonErr.Invalid,
        msg: 'Invalid request: url has the wrong format',
        data: { field: 'url', reason: 'has the wrong format' },
      });
    }
  });
});

describe('while the server shuts down', () => {
  it('answers a new call 503 in the envelope', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Shutting down waits here, so a request still reaches the server as it closes.
    const ctx = await createTestApp({}, (app) => app.addHook('preClose', () => held));
    const port = await listen(ctx.app);
    const closing = ctx.app.close();
    try {
      const res = await raw(port, get('/api/owner/n/ts', en));
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        errCode: CommonErr.Unavailable,
        msg: 'The service is unavailable, please try again later',
      });
    } finally {
      release();
      await closing;
      await ctx.close();
    }
  });
});

describe('every 429', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => ctx.close());

  it('says in Retry-After how many seconds to wait', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await ctx.app.inject({ method: 'POST', url: '/api/owner/n/ts', payload: {} }));
    }
    const refused = answers[2]!;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});
