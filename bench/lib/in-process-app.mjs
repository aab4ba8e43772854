// The app in this process on a throwaway database, for the benches that time its calls through
// app.inject: PGlite in a temporary DATA_DIR (default), or a new PostgreSQL database
// (BENCH_DB=pg; PG_ADMIN_URL names the server), dropped again by `cleanUp` unless `keep`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';

export async function inProcessApp(name, { keep = false } = {}) {
  const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
  const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const onAdmin = async (query) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `edp-bench-${name}-`));
  let pgName;
  let databaseUrl = '';
  if (database === 'pg') {
    pgName = `edp_bench_${name}_${randomBytes(4).toString('hex')}`;
    await onAdmin(`create database ${pgName}`);
    databaseUrl = Object.assign(new URL(admin), { pathname: `/${pgName}` }).toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    DATABASE_URL: databaseUrl,
  });
  const app = await buildApp({ config, logger: false });
  await app.ready();
  return {
    app,
    db: app.platform.db,
    database,
    pgName,
    async cleanUp() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgName && !keep) await onAdmin(`drop database if exists ${pgName} with (force)`);
    },
  };
}
