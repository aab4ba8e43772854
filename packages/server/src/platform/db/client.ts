import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Rejects when the database does not answer (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Migrations sit in packages/server/drizzle, seen from dist/ (the bundle) and src/platform/db/ (dev, tests). */
export function migrationsFolder(): string {
  const here = import.meta.dirname;
  // dist/ (bundle) or src/platform/db/ (dev, tests)
  const candidates = [path.resolve(here, '../drizzle'), path.resolve(here, '../../../drizzle')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Opens the database and applies the committed migrations: PostgreSQL when a URL is given,
 * else PGlite under `pgliteDir` (or in memory when `pgliteDir` is 'memory://').
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir: string;
  /** A PGlite data directory dump to start from (tests: one migrated snapshot for all files). */
  pgliteSnapshot?: Blob;
}): Promise<Database> {
  const migrations = { migrationsFolder: migrationsFolder() };
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection dropped by the server (restart, failover, a test database dropped)
    // must not crash the process; the pool replaces it at the next query.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, migrations);
    return withPing({ db: db as unknown as Db, driver: 'pg', close: () => pool.end() });
  }
  if (!opts.pgliteDir.startsWith('memory://')) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PGlite.create(opts.pgliteDir, { loadDataDir: opts.pgliteSnapshot });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, migrations);
  return withPing({ db: db as unknown as Db, driver: 'pglite', close: () => client.close() });
}

function withPing(database: Omit<Database, 'ping'>): Database {
  return {
    ...database,
    ping: async () => {
      await database.db.execute(sql`select 1`);
    },
  };
}
