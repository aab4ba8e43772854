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
import { openSyncedPglite } from './pglite-fsync.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * What an acknowledged commit survives (docs/decisions.md, "Durability of the embedded
 * database"): `synced` a power cut (PGlite with PGLITE_FSYNC=on), `page-cache` kill -9 but
 * not a power cut or an OS crash (PGLITE_FSYNC=off), `memory` nothing past the process (tests),
 * `server` whatever the PostgreSQL server's settings give (fsync on by default: a power cut).
 */
export type Durability = 'synced' | 'page-cache' | 'memory' | 'server';

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  durability: Durability;
  /** Rejects when the database does not answer (health checks). */
  ping(): Promise<void>;
  /** PostgreSQL: the connection pool's use now (metrics); PGlite has one connection and none. */
  poolUse?(): { total: number; idle: number; waiting: number };
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
 * else PGlite under `pgliteDir` (or in memory when `pgliteDir` is 'memory://'), its commits
 * synced to disk unless `pgliteFsync` is false.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir: string;
  /** Sync each PGlite commit to disk (PGLITE_FSYNC); default true. */
  pgliteFsync?: boolean;
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
    return withPing({
      db: db as unknown as Db,
      driver: 'pg',
      durability: 'server',
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    });
  }
  const inMemory = opts.pgliteDir.startsWith('memory://');
  const synced = !inMemory && opts.pgliteFsync !== false;
  if (!inMemory) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = synced
    ? await openSyncedPglite(opts.pgliteDir, { loadDataDir: opts.pgliteSnapshot })
    : await PGlite.create(opts.pgliteDir, { loadDataDir: opts.pgliteSnapshot });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, migrations);
  return withPing({
    db: db as unknown as Db,
    driver: 'pglite',
    durability: inMemory ? 'memory' : synced ? 'synced' : 'page-cache',
    close: () => client.close(),
  });
}

/** The start-up log line that says what an acknowledged commit survives, where it needs saying. */
export function durabilityNotice(
  durability: Durability,
): { level: 'warn' | 'info'; msg: string } | undefined {
  if (durability === 'page-cache')
    return {
      level: 'warn',
      msg: 'PGLITE_FSYNC=off: PGlite acknowledges a commit before it reaches the disk; it survives kill -9, not a power cut or an OS crash (PGLITE_FSYNC=on, or PostgreSQL through DATABASE_URL, for that)',
    };
  if (durability === 'synced')
    return { level: 'info', msg: 'PGlite syncs each commit to disk (PGLITE_FSYNC=on)' };
  return undefined;
}

function withPing(database: Omit<Database, 'ping'>): Database {
  return {
    ...database,
    ping: async () => {
      await database.db.execute(sql`select 1`);
    },
  };
}
