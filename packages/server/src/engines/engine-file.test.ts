import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentErr } from '@edp/shared/errors';
import { createTestApp, type TestContext } from '../test/harness.ts';

const LIMIT = 8;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * The reference engine served by the console (GET /api/agent/engine and its info call): no
 * session, the SHA-256 the page shows, a rebuilt file served at once, a clear 404 when this
 * server has none, and the per-address rate limit.
 */
describe('the engine file', () => {
  let ctx: TestContext;
  let dir: string;
  let file: string;
  const first = '#!/usr/bin/env node\nconsole.log("edp-agent, first build");\n';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-engine-file-'));
    file = path.join(dir, 'edp-agent.mjs');
    fs.writeFileSync(file, first);
    ctx = await createTestApp({ ENGINE_FILE: file, RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Each test calls from its own address, so the limit of one does not reach another.
  const from = (n: number) => `198.51.100.${n}`;
  const download = (address: string, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.app.inject({ method, url: '/api/agent/engine', remoteAddress: address });
  const info = (address: string, language = 'en-US') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/agent/engine/info',
      payload: {},
      remoteAddress: address,
      headers: { 'accept-language': language },
    });

  it('is downloaded without a session, with the SHA-256 that its info call answers', async () => {
    const described = await info(from(1));
    expect(described.statusCode).toBe(200);
    expect(described.json()).toMatchObject({
      success: true,
      data: {
        fileName: 'edp-agent.mjs',
        size: Buffer.byteLength(first),
        sha256: sha256(first),
        builtAt: fs.statSync(file).mtime.toISOString(),
      },
    });

    const res = await download(from(1));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(first);
    expect(res.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="edp-agent.mjs"',
      'x-content-sha256': sha256(first),
      'content-length': String(Buffer.byteLength(first)),
    });
    const head = await download(from(1), 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-content-sha256']).toBe(sha256(first));
  });

  it('serves a rebuilt file at once, with its new SHA-256', async () => {
    const second = `${first}console.log("second build");\n`;
    fs.writeFileSync(file, second);
    const res = await download(from(2));
    expect(res.body).toBe(second);
    expect(res.headers['x-content-sha256']).toBe(sha256(second));
    expect((await info(from(2))).json().data.sha256).toBe(sha256(second));
  });

  it('knows the version its build wrote on the second line (the upgrade task sends it)', async () => {
    fs.writeFileSync(file, '#!/usr/bin/env node\n// edp-agent-version: 1.4.2\nconsole.log(1);\n');
    const served = await ctx.app.services.engines.file.current();
    expect(served).toMatchObject({ version: '1.4.2', sha256: sha256(fs.readFileSync(file)) });
    fs.writeFileSync(file, first);
    expect((await ctx.app.services.engines.file.current()).version).toBe('');
  });

  it('answers 404 in the envelope, in the caller’s language, when this server has none', async () => {
    fs.renameSync(file, `${file}.away`);
    try {
      const res = await download(from(3));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        errCode: AgentErr.EngineNotBuilt,
        msg: 'This server has no engine file built (run npm run build in the console folder)',
      });
      const zh = await info(from(3), 'zh-CN');
      expect(zh.statusCode).toBe(404);
      expect(zh.json()).toMatchObject({ errCode: AgentErr.EngineNotBuilt, msg: /npm run build/ });
      expect(zh.json().msg).toMatch(/引擎文件/);
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
    expect((await download(from(3))).statusCode).toBe(200);
  });

  it('is counted by the per-address rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await download(from(4))).statusCode);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429]);
    expect((await download(from(5))).statusCode).toBe(200);
  });
});
