import fs from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CALLS } from '@edp/shared/api/registry';
import { dutiesOf, routeOf, type Call } from '@edp/shared/api/define';
import type { MenuMode } from '@edp/shared/permissions';
import { call, createTestApp, testDriver, type TestContext } from './harness.ts';
import { setupTenant, userIdOf } from './console-fixture.ts';
import { makeCompany } from './portal-fixture.ts';
import {
  baseFor,
  extremesOf,
  fieldAttacks,
  fieldPaths,
  otherContentTypes,
  flaw,
  paramAttacks,
  queryAttacks,
  rawBodies,
  sampleOf,
  schemaAt,
  strayUrls,
  payloadWith,
  type JsonSchema,
} from './fuzz.ts';

/**
 * The fuzz suite: every operation of the OpenAPI document, sent malformed input signed out and
 * signed in with each kind of session (docs/architecture.md §8): no answer may be a 5xx, leave
 * the envelope, carry internals or, in zh-CN, fall back to English. New calls are fuzzed with
 * nothing to write. It is cut in shards (every `shards`-th operation, from `shard`), one test
 * file each, so that the test workers share it: whole, it was the longest file of a run (75 s on
 * PostgreSQL), which the other worker finished long before.
 */

/**
 * On PGlite every field of a body meets every attack. On PostgreSQL each attack meets one field
 * (the next one for each attack, round the body) and each field at least one attack: what differs
 * between the two databases is the driver's side (how an error of the same SQL comes back), not
 * the validation in front of it, and the whole grid cost 52 s a shard there against 24 on PGlite.
 */
const EVERY_FIELD = testDriver !== 'pg';
const aimed = (attack: number, field: number, fields: number) =>
  attack % fields === field ||
  (field >= fieldAttacks.length && attack === field % fieldAttacks.length);

/**
 * Settings that another call uses later, where a value valid at save can fail once used (a
 * template filled into an address or a header: a port of `#m#`, a header holding CR LF). Each
 * is fuzzed from a valid body, and every attack the save takes is followed by the call that
 * uses it, whose answer must pass the same checks. The addresses are a closed port on loopback
 * (the harness allows 127.0.0.1): nothing leaves the machine.
 */
const FOLLOW_UPS: Record<string, { seed: unknown; then: string; body: unknown }> = {
  '/api/sms/s/set': {
    seed: {
      mode: 'http',
      http: {
        channel: 'fuzz',
        method: 'POST',
        contentType: 'json',
        url: 'http://127.0.0.1:9/sms?to=#m#',
        headers: [{ key: 'Authorization', value: 'Bearer fuzz-0123456789', secret: true }],
        params: [{ key: 'text', value: '#c#' }],
      },
      cloud: null,
      phone: '13800138000',
    },
    then: '/api/sms/s/test',
    body: { phone: '13800138000' },
  },
  '/api/warn/s/set': {
    seed: {
      enabled: true,
      maxReminders: 1,
      intervalMinutes: 10,
      language: 'en-US',
      timeZone: 'UTC',
      text: 'fuzz',
      causes: ['dpi'],
      offlineMinutes: 1440,
      channels: ['webhook'],
      phones: [],
      emails: [],
      webhookUrl: 'http://127.0.0.1:9/hook',
      webhookSecret: 'whsec-fuzz-0123456789',
    },
    then: '/api/warn/s/test',
    body: {},
  },
};

type Kind = 'anonymous' | 'company' | 'vendor' | 'console' | 'engine';
const KINDS: Kind[] = ['anonymous', 'company', 'vendor', 'console', 'engine'];
const HOST = 'fuzz.localhost';

interface Operation {
  method: string;
  path: string;
  call: Call;
  body?: JsonSchema;
  query: { name: string; schema: JsonSchema }[];
  params: { name: string; schema: JsonSchema }[];
  fileCall: boolean;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  responses?: Record<string, { content?: unknown }>;
}

export function fuzzSuite(shard: number, shards: number): void {
  let ctx: TestContext;
  let tenantId: string;
  let adminId: string;
  /**
   * A console user of each duty: a call is fuzzed as one who may make it, so that its input
   * reaches the handler (as the system administrator alone, a log or key call stopped at the
   * duty check and its cursor was never read).
   */
  const dutyUserIds = {} as Record<MenuMode, string>;
  /** The enrolment secret engines of the fuzz enrol with, one device per operation. */
  let enrolSecret: string;
  const findings: string[] = [];
  const counts = {
    operations: 0,
    requests: 0,
    serverErrors: 0,
    nonEnvelope: 0,
    leaks: 0,
    other: 0,
    /** Saves of FOLLOW_UPS that took an attack, each followed by the call that uses it. */
    followed: 0,
  };

  beforeAll(async () => {
    // Captchas off: a malformed field must reach the handler, not stop at the captcha check.
    ctx = await createTestApp({ CAPTCHA: 'off' });
    tenantId = await setupTenant(ctx.app, HOST);
    adminId = await userIdOf(ctx.app, tenantId, 'admin');
    const accounts: Record<MenuMode, string> = {
      system: 'admin',
      operate: 'operator',
      kss: 'keys',
      audit: 'auditor',
    };
    for (const [duty, account] of Object.entries(accounts) as [MenuMode, string][])
      dutyUserIds[duty] = await userIdOf(ctx.app, tenantId, account);
    const as = async (duty: MenuMode) => ({
      host: HOST,
      'x-token': await ctx.app.platform.sessions.create({
        kind: 'user',
        subjectId: dutyUserIds[duty],
        tenantId,
      }),
    });
    const group = await call<{ id: string }>(
      ctx.app,
      '/user/group/add',
      { name: 'fuzz' },
      await as('system'),
    );
    const secret = await call<{ secret: string }>(
      ctx.app,
      '/dv/m/secret/rotate',
      { groupId: group.body.data!.id },
      await as('operate'),
    );
    enrolSecret = secret.body.data!.secret;
  }, 60_000);

  /** A device token: engines authenticate with `Authorization: Bearer`, never X-Token. */
  async function engineToken(): Promise<string> {
    const res = await call<{ token: string }>(ctx.app, '/agent/enrol', {
      secret: enrolSecret,
      identity: {
        name: 'fuzz',
        ip: '10.0.0.1',
        systemType: 'Linux',
        version: '1',
        kind: 'TDE',
        fingerprint: randomBytes(32).toString('hex'),
      },
      state: { install: 'installed', detection: 'ok', activation: 'inactive', version: '1' },
    });
    return res.body.data!.token;
  }

  afterAll(async () => {
    console.log(
      `fuzz (${testDriver}, shard ${shard} of ${shards}): ${counts.operations} operations, ${counts.requests} requests, ` +
        `${counts.serverErrors} 5xx, ${counts.nonEnvelope} non-envelope answers, ` +
        `${counts.leaks} leaking internals, ${counts.other} other flaws; ${counts.followed} saves followed by their use`,
    );
    // FUZZ_REPORT=<file> keeps every finding, not only the first ones the assertion shows (each
    // shard's in <file>.<shard>).
    if (process.env.FUZZ_REPORT) {
      fs.writeFileSync(`${process.env.FUZZ_REPORT}.${shard}`, findings.join('\n'));
    }
    await ctx?.close();
  });

  function operations(): Operation[] {
    const byRoute = new Map(
      Object.values(CALLS).map((c) => {
        const r = routeOf(c);
        return [`${r.method} /api${r.path.replace(/:(\w+)/g, '{$1}')}`, c as Call];
      }),
    );
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
    const ops: Operation[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const call = byRoute.get(`${method.toUpperCase()} ${path}`);
        if (!call) continue; // the API explorer's own pages
        const parameters = op.parameters ?? [];
        ops.push({
          method: method.toUpperCase(),
          path,
          call,
          body: op.requestBody?.content?.['application/json']?.schema,
          query: parameters.filter((p) => p.in === 'query'),
          params: parameters.filter((p) => p.in === 'path'),
          fileCall: !op.responses?.['200']?.content,
        });
      }
    }
    return ops;
  }

  /**
   * A fresh token of each kind per operation: a call that ends its session cannot blind the rest.
   * The company is made once (its password hash costs a scrypt); each operation gets a new session.
   */
  let companyId: string | undefined;
  async function tokens(call: Call): Promise<Record<Kind, string | undefined>> {
    companyId ??= (await makeCompany(ctx)).id;
    const duty = call.access.who === 'console' ? dutiesOf(call.access)[0] : undefined;
    return {
      anonymous: undefined,
      company: await ctx.app.platform.sessions.create({ kind: 'company', subjectId: companyId }),
      vendor: await ctx.app.platform.sessions.create({ kind: 'vendor', subjectId: randomUUID() }),
      console: await ctx.app.platform.sessions.create({
        kind: 'user',
        subjectId: duty ? dutyUserIds[duty] : adminId,
        tenantId,
      }),
      engine: await engineToken(),
    };
  }

  /** The session kind a call admits; the others only get one probe each. */
  function kindOf(call: Call): Kind {
    switch (call.access.who) {
      case 'company':
        return 'company';
      case 'vendor':
        return 'vendor';
      case 'console':
        return 'console';
      case 'engine':
        return 'engine';
      default:
        return 'anonymous';
    }
  }

  async function send(
    op: Operation,
    label: string,
    request: {
      url: string;
      payload?: string | Buffer;
      token?: string;
      zh: boolean;
      contentType?: string;
    },
  ) {
    const res = await ctx.app.inject({
      method: op.method as 'GET' | 'POST',
      url: request.url,
      headers: {
        host: HOST,
        'accept-language': request.zh ? 'zh-CN' : 'en-US',
        ...(request.payload !== undefined
          ? { 'content-type': request.contentType ?? 'application/json' }
          : {}),
        ...(request.token?.startsWith('edp_dev_')
          ? { authorization: `Bearer ${request.token}` }
          : request.token
            ? { 'x-token': request.token }
            : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    counts.requests++;
    if (op.path in FOLLOW_UPS && res.statusCode === 200) counts.followed++;
    const problem = flaw(
      {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        body: res.body,
      },
      // The engine protocol answers in English whatever is asked (docs/engines.md).
      { fileCall: op.fileCall, zh: request.zh && !op.path.startsWith('/api/agent/') },
    );
    // A 200 is a call that was taken: every refusal answers a 4xx.
    if (!problem) return res.statusCode === 200;
    if (problem === 'non-envelope') counts.nonEnvelope++;
    else if (/^5\d\d$/.test(problem)) counts.serverErrors++;
    else if (problem.startsWith('leak')) counts.leaks++;
    else counts.other++;
    findings.push(`${op.method} ${op.path} [${label}] → ${problem}: ${res.body.slice(0, 300)}`);
    return false;
  }

  function urlOf(op: Operation, params: Record<string, string>, query: Record<string, string>) {
    let url = op.path;
    for (const p of op.params) url = url.replace(`{${p.name}}`, params[p.name] ?? 'x');
    const qs = Object.entries(query)
      .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
      .join('&');
    return qs ? `${url}?${qs}` : url;
  }

  async function fuzz(op: Operation, token: string | undefined) {
    const params = Object.fromEntries(
      op.params.map((p) => [p.name, encodeURIComponent(String(sampleOf(p.schema)))]),
    );
    const query = Object.fromEntries(
      op.query.map((p) => [p.name, encodeURIComponent(String(sampleOf(p.schema) ?? ''))]),
    );
    const followUp = FOLLOW_UPS[op.path];
    const body = op.method === 'POST' ? (followUp?.seed ?? sampleOf(op.body) ?? {}) : undefined;
    const url = urlOf(op, params, query);
    let i = 0;
    const zh = () => i++ % 2 === 0;

    if (body !== undefined) {
      const paths = fieldPaths(body);
      for (const [p, path] of paths.entries()) {
        const base = baseFor(op.body, body, path);
        for (const [a, [name, value]] of fieldAttacks.entries()) {
          if (!EVERY_FIELD && !aimed(a, p, paths.length)) continue;
          const payload = payloadWith(base, path, value);
          const label = `${path.join('.')}: ${name}`;
          const saved = await send(op, label, { url, payload, token, zh: zh() });
          if (followUp && saved) {
            const then = { ...op, method: 'POST', path: followUp.then, fileCall: false };
            await send(then, `after ${label}`, {
              url: followUp.then,
              payload: JSON.stringify(followUp.body),
              token,
              zh: zh(),
            });
          }
        }
        for (const [name, value] of extremesOf(schemaAt(op.body, path))) {
          const payload = payloadWith(base, path, value);
          await send(op, `${path.join('.')}: ${name}`, { url, payload, token, zh: zh() });
        }
      }
      for (const [name, payload] of rawBodies)
        await send(op, name, { url, payload, token, zh: zh() });
      const payload = JSON.stringify(body);
      for (const contentType of otherContentTypes) {
        await send(op, `as ${contentType}`, { url, payload, token, zh: zh(), contentType });
      }
    }
    for (const p of op.query) {
      const extremes = extremesOf(p.schema).map(([name, json]): [string, string] => [
        name,
        encodeURIComponent(JSON.parse(json) as string),
      ]);
      for (const [name, value] of [...queryAttacks, ...extremes]) {
        const u = urlOf(op, params, { ...query, [p.name]: value });
        await send(op, `query ${p.name}: ${name}`, { url: u, token, zh: zh() });
      }
    }
    for (const p of op.params) {
      for (const [name, value] of paramAttacks) {
        const u = urlOf(op, { ...params, [p.name]: value }, query);
        const payload = body === undefined ? undefined : JSON.stringify(body);
        await send(op, `param ${p.name}: ${name}`, { url: u, payload, token, zh: zh() });
      }
    }
  }

  test(`every operation, malformed, signed out and with each kind of session (shard ${shard} of ${shards})`, async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(50);
    const ops = all.filter((_, i) => i % shards === shard - 1);
    for (const op of ops) {
      counts.operations++;
      const kinds = await tokens(op.call);
      const admitted = kindOf(op.call);
      await fuzz(op, kinds[admitted]);
      // The other kinds are turned away; once each, their answer must still be a clean envelope.
      for (const kind of KINDS.filter((k) => k !== admitted)) {
        const payload = op.method === 'POST' ? JSON.stringify(sampleOf(op.body) ?? {}) : undefined;
        await send(op, `as ${kind}`, {
          url: urlOf(op, {}, {}),
          payload,
          token: kinds[kind],
          zh: true,
        });
      }
    }
    for (const [method, url] of shard === 1 ? strayUrls : []) {
      const op = { method, path: url, fileCall: false } as Operation;
      await send(op, 'stray', { url, zh: true });
    }
    expect(findings.slice(0, 40), `${findings.length} findings`).toEqual([]);
  }, 300_000);
}
