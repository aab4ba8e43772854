import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CommonErr } from '@edp/shared/errors';
import { createPeerApp, createTestApp, testRedisUrl, type TestContext } from './test/harness.ts';
import { makeCompany } from './test/portal-fixture.ts';
import { as, dutyUser, PASSWORD, pwd, setupTenant, signIn } from './test/console-fixture.ts';

/**
 * The general limit (RATE_LIMIT_PER_MINUTE) counts a signed-in call against its account and
 * any other call against its address, so an office behind one NAT address is not limited as
 * one person; static files have no limit; the strict calls stay per address.
 */
const LIMIT = 20;

/** A POST from `address`, with `token` as X-Token if given. */
async function post(app: FastifyInstance, url: string, address: string, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    remoteAddress: address,
    headers: { 'accept-language': 'en-US', ...(token ? { 'x-token': token } : {}) },
    payload: {},
  });
  return { status: res.statusCode, body: res.json() as { errCode: number; msg: string } };
}

/**
 * A new address each call, never one an earlier test counted: the counts outlive a test (and,
 * in Redis, a run). The first comes from the clock, so two runs within the window differ too.
 */
let lastAddress = Date.now() % 60_000;
const randomAddress = () => {
  lastAddress = (lastAddress + 1) % 64_000;
  return `198.18.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

describe('the general rate limit', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>EDP</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'chunk-1a2b3c.js'), 'export const x = 1;');
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT), WEB_DIST: webDist });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('lets 30 people behind one address each call up to the limit, far past it together', async () => {
    const office = '203.0.113.50';
    const people = await Promise.all(Array.from({ length: 30 }, () => makeCompany(ctx)));
    const statuses = new Set<number>();
    for (const person of people) {
      for (let i = 0; i < LIMIT; i++) {
        statuses.add((await post(ctx.app, '/com/my/info', office, person.token)).status);
      }
    }
    expect([...statuses]).toEqual([200]);
  });

  it('answers 429 in the envelope to one account past the limit, and only to it', async () => {
    const office = '203.0.113.51';
    const [busy, colleague] = [await makeCompany(ctx), await makeCompany(ctx)];
    for (let i = 0; i < LIMIT; i++) {
      expect((await post(ctx.app, '/com/my/info', office, busy.token)).status).toBe(200);
    }
    expect(await post(ctx.app, '/com/my/info', office, busy.token)).toEqual({
      status: 429,
      body: {
        success: false,
        errCode: CommonErr.TooMany,
        msg: 'Too many requests, please try again later',
      },
    });
    expect((await post(ctx.app, '/com/my/info', office, colleague.token)).status).toBe(200);
    expect((await post(ctx.app, '/owner/n/ts', office)).status).toBe(200);
  });

  it('counts anonymous calls per address', async () => {
    const address = randomAddress();
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      statuses.push((await post(ctx.app, '/owner/n/ts', address)).status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    expect((await post(ctx.app, '/owner/n/ts', randomAddress())).status).toBe(200);
  });

  it('counts calls with tokens that are not live sessions per address', async () => {
    const address = randomAddress();
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const token = randomBytes(32).toString('base64url');
      statuses.push((await post(ctx.app, '/com/my/info', address, token)).status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429, 429]);
    // The address's anonymous calls share that count; a signed-in person there has their own.
    expect((await post(ctx.app, '/owner/n/ts', address)).status).toBe(429);
    const person = await makeCompany(ctx);
    expect((await post(ctx.app, '/com/my/info', address, person.token)).status).toBe(200);
  });

  it('never limits the web app: pages and assets', async () => {
    const address = randomAddress();
    for (let i = 0; i < LIMIT + 1; i++) await post(ctx.app, '/owner/n/ts', address);
    for (let i = 0; i < LIMIT * 2; i++) {
      for (const url of ['/assets/chunk-1a2b3c.js', '/', '/admin/users']) {
        const res = await ctx.app.inject({ method: 'GET', url, remoteAddress: address });
        expect(res.statusCode, url).toBe(200);
      }
    }
  });

  it('keeps the strict calls per address, signed in or not', async () => {
    // 1/60 of the general limit, at least 1: one a minute here.
    const address = randomAddress();
    const [a, b] = [await makeCompany(ctx), await makeCompany(ctx)];
    const redeem = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/com/recharge',
        remoteAddress: address,
        headers: { 'x-token': token },
        payload: { code: 'NOT-A-CODE' },
      });
    expect((await redeem(a.token)).statusCode).not.toBe(429);
    expect((await redeem(b.token)).statusCode).toBe(429);
  });
});

describe('the general rate limit on two nodes sharing Redis', () => {
  let a: TestContext;
  let b: FastifyInstance;
  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL: testRedisUrl };
    a = await createTestApp(env);
    b = await createPeerApp(a, env);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("counts an account's calls on both nodes together", async () => {
    const person = await makeCompany(a);
    const address = randomAddress();
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const node = i % 2 === 0 ? a.app : b;
      statuses.push((await post(node, '/com/my/info', address, person.token)).status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    expect((await post(b, '/com/my/info', address, (await makeCompany(a)).token)).status).toBe(200);
  });

  it("counts an address's anonymous calls on both nodes together", async () => {
    const address = randomAddress();
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      statuses.push((await post(i % 2 === 0 ? a.app : b, '/owner/n/ts', address)).status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
  });
});

describe('signing in at nine', () => {
  let ctx: TestContext;
  const host = 'office.example';
  beforeAll(async () => {
    // The production default, not the tests' high one.
    ctx = await createTestApp({ CAPTCHA: 'off', RATE_LIMIT_PER_MINUTE: '1200' });
    await setupTenant(ctx.app, host, { allDuties: false });
  }, 60_000);
  afterAll(() => ctx.close());

  it('lets 40 staff behind one address sign in to the console within a minute', async () => {
    const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'Staff',
      menu: 'operate',
      permission: 'read',
    });
    const staff = Array.from({ length: 40 }, (_, i) => `staff${i}`);
    for (const account of staff) {
      const res = await admin('/user/add', { ...dutyUser(account), roleId: role.body.data!.id });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    }
    const statuses = [];
    for (const account of staff) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login/n/login',
        remoteAddress: '203.0.113.90',
        headers: { host },
        payload: { account, password: pwd(PASSWORD) },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    // 80 scrypt verifications: at production's cost, beside the engine tests and the build on two
    // cores, they took most of a minute (the harness's 2^10 takes far less); the time limit is the
    // harness's, the rate limits are what the test asserts.
  }, 120_000);
});
