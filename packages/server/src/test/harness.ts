import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * Server tests run on PGlite by default and on the local PostgreSQL when DB=pg
 * (PG_ADMIN_URL overrides where). Each test file gets its own fresh database.
 */
export const testDriver = process.env.DB === 'pg' ? 'pg' : 'pglite';
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `edp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Builds the whole app on a fresh database with a temporary DATA_DIR. */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-test-'));
  const pgDb = testDriver === 'pg' ? await freshPostgres() : undefined;
  const database = await openDatabase({ url: pgDb?.url, pgliteDir: 'memory://' });
  const config = loadConfig({
    DATA_DIR: dataDir,
    CAPTCHA: 'on',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON to an /api path and returns status, headers and the parsed envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as object,
    headers,
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.json() as { success: boolean; errCode: number; msg: string; data?: T },
  };
}
