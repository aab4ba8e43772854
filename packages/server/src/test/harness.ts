import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
// Kept in this file's declaration, which the other packages' type checks read (tsc -b): the
// app's `platform` and `services` are app.ts's augmentation of FastifyInstance.
import '../app.ts';
import { loadConfig } from '../config.ts';
import { migrationsFolder, openDatabase, type Database } from '../platform/db/client.ts';

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

/**
 * A new PostgreSQL database (DB=pg), dropped by `drop()`: empty, or a copy of `template` (a
 * database nobody is connected to).
 */
export async function freshPostgres(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `edp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  // A test database is dropped at the end of its file: its commits need not wait for the WAL to
  // reach the disk (the same statements and results, without a flush per commit).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
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

/** A digest of the migrations: a snapshot or template made from other migrations is not used. */
function migrationsDigest(): string {
  const folder = migrationsFolder();
  const digest = createHash('sha256');
  for (const file of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) digest.update(file).update(fs.readFileSync(full));
  }
  return digest.digest('hex').slice(0, 16);
}

/**
 * Migrating a new PostgreSQL database took 540-630 ms of each test app's start; every test app
 * instead copies one migrated template (about as fast as an empty database), made once per set
 * of migrations and kept in the local server. It is built under a name of its own and renamed
 * when complete, so a worker never copies a half-migrated one; templates of older migrations
 * are dropped.
 */
let migratedTemplate: Promise<string> | undefined;
function postgresTemplate(): Promise<string> {
  migratedTemplate ??= (async () => {
    const name = `edp_template_${migrationsDigest()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const found = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
      if (found.rowCount) return name;
      const building = await freshPostgres();
      const database = await openDatabase({ url: building.url, pgliteDir: 'memory://' });
      await database.close();
      const buildingName = new URL(building.url).pathname.slice(1);
      try {
        await admin.query(`alter database ${buildingName} rename to ${name}`);
      } catch {
        await building.drop(); // another worker made it first
      }
      const old = await admin.query<{ datname: string }>(
        `select datname from pg_database where starts_with(datname, 'edp_template_') and datname <> $1`,
        [name],
      );
      for (const { datname } of old.rows)
        await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
      return name;
    } finally {
      await admin.end();
    }
  })();
  return migratedTemplate;
}

/**
 * PGlite's initdb and the migrations take seconds; every test file instead starts from one
 * migrated data directory, dumped once per set of migrations and kept in the temp folder.
 */
async function migratedSnapshot(): Promise<Blob> {
  const cached = path.join(os.tmpdir(), `edp-pglite-${migrationsDigest()}.tar.gz`);
  if (!fs.existsSync(cached)) {
    const fresh = await openDatabase({ pgliteDir: 'memory://' });
    const dump = await (fresh.db as unknown as { $client: PGlite }).$client.dumpDataDir('gzip');
    await fresh.close();
    const partial = `${cached}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, cached);
  }
  return new Blob([fs.readFileSync(cached)]);
}

/**
 * The settings every test app starts with (a test's own `env` overrides them). Password hashes
 * cost 2^10 instead of 2^15: each test tenant's four duty accounts are hashed and each sign-in
 * verifies one, and at full cost the server tests on PGlite took 166 s instead of 121 s
 * (docs/decisions.md, "Password hashing cost in tests"). Still real scrypt, stored the same way.
 */
const testEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  CAPTCHA: 'on',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '100000',
  PASSWORD_HASH_COST: '10',
  WEB_DIST: path.join(dataDir, 'no-web'),
  ENGINE_FILE: path.join(dataDir, 'no-engine.mjs'),
  // The test SMS gateway and webhook receiver listen on 127.0.0.1 (notify-receiver.ts), which
  // the outbound guard refuses unless the deployment allows it; notify-ssrf.test.ts runs without.
  OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
});

/** Builds the whole app on a fresh database with a temporary DATA_DIR. */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  /** Collects the app's log lines (at LOG_LEVEL of `env`) instead of dropping them. */
  logStream?: { write(line: string): void },
  /** The services' clock, for tests that move time. */
  clock?: () => number,
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-test-'));
  const pgDb = testDriver === 'pg' ? await freshPostgres(await postgresTemplate()) : undefined;
  const database = await openDatabase({
    url: pgDb?.url,
    pgliteDir: 'memory://',
    pgliteSnapshot: pgDb ? undefined : await migratedSnapshot(),
  });
  const config = loadConfig({ ...testEnv(dataDir), ...env });
  const app = await buildApp({
    config,
    database,
    logger: !!logStream,
    logStream,
    checkResponses: true,
    ...(clock ? { clock } : {}),
  });
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

/**
 * A second node: the whole app again, on the same database as `ctx` but with caches of its own
 * (tests of what crosses nodes). Closed by the caller.
 */
export async function createPeerApp(
  ctx: TestContext,
  env: Record<string, string> = {},
  clock?: () => number,
): Promise<FastifyInstance> {
  const config = loadConfig({ ...testEnv(ctx.dataDir), ...env });
  const app = await buildApp({
    config,
    database: ctx.database,
    logger: false,
    checkResponses: true,
    ...(clock ? { clock } : {}),
  });
  await app.ready();
  return app;
}

/** The local Redis the multi-node tests publish through (TEST_REDIS_URL overrides it). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
