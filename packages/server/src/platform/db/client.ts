import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { openSyncedPglite, takeSyncedMark } from './pglite-fsync.ts';
import { yieldBetweenStatements } from './pglite-yield.ts';
import {
  imageRefusal,
  isEmptyDir,
  migrationsOf,
  pgliteVersion,
  placeImage,
  readManifest,
} from './prepared-image.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** PostgreSQL's shared buffers for an in-memory PGlite (openDatabase). */
export const IN_MEMORY_BUFFERS = '16MB';

/** The one database type the repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * What an acknowledged commit survives (docs/decisions.md, "Durability of the embedded
 * database"): `synced` a power cut (PGlite with PGLITE_FSYNC=on), `page-cache` kill -9 but
 * not a power cut or an OS crash (PGLITE_FSYNC=off), `memory` nothing past the process (tests),
 * `server` whatever the PostgreSQL server's settings give (fsync on by default: a power cut).
 */
export type Durability = 'synced' | 'page-cache' | 'memory' | 'server';

/**
 * How the database came to be at open: `existing` was there already; `image` was copied from
 * the prepared image (prepared-image.ts); `initdb` was made by PGlite's initdb (no usable
 * image); `memory` is an in-memory PGlite; `server` is PostgreSQL's.
 */
export type Origin = 'existing' | 'image' | 'initdb' | 'memory' | 'server';

/** What opening the database did, for the start-up log. */
export interface Opened {
  origin: Origin;
  /** Migrations in the database after open, and how many of them this open applied. */
  migrations: number;
  applied: number;
  /** Why the prepared image was not used, when there is one (a fresh PGlite directory only). */
  imageRefused?: string;
  /** Where the prepared image was looked for, when there was none (a fresh PGlite directory only). */
  imageMissing?: string;
  ms: number;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  durability: Durability;
  opened: Opened;
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
 * synced to disk unless `pgliteFsync` is false. A PGlite directory that holds no database yet
 * starts as a copy of `pgliteImage` (a prepared image, prepared-image.ts) when that image's
 * migrations are the first of the committed ones; the migrations then run as on any start.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir: string;
  /** Sync each PGlite commit to disk (PGLITE_FSYNC); default true. */
  pgliteFsync?: boolean;
  /** A PGlite data directory dump to start from (tests: one migrated snapshot for all files). */
  pgliteSnapshot?: Blob;
  /** The prepared image a new PGlite directory starts from (prepared-image.ts); never for PostgreSQL. */
  pgliteImage?: string;
}): Promise<Database> {
  const started = performance.now();
  const migrations = { migrationsFolder: migrationsFolder() };
  if (opts.url) {
    // Loaded only for PostgreSQL: most starts never need them.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection dropped by the server (restart, failover, a test database dropped)
    // must not crash the process; the pool replaces it at the next query.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const before = await migrationCount(db);
    await migratePg(db as never, migrations);
    return withPing({
      db,
      driver: 'pg',
      durability: 'server',
      opened: await openedNow(db, 'server', before, started),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    });
  }
  const inMemory = opts.pgliteDir.startsWith('memory://');
  const synced = !inMemory && opts.pgliteFsync !== false;
  let origin: Origin = inMemory ? 'memory' : 'existing';
  const image: Pick<Opened, 'imageRefused' | 'imageMissing'> = {};
  if (
    !inMemory &&
    !opts.pgliteSnapshot &&
    !fs.existsSync(path.join(opts.pgliteDir, 'PG_VERSION'))
  ) {
    origin = 'initdb';
    const manifest = opts.pgliteImage ? readManifest(opts.pgliteImage) : undefined;
    if (!manifest) image.imageMissing = opts.pgliteImage ?? 'none given';
    else {
      image.imageRefused = isEmptyDir(opts.pgliteDir)
        ? imageRefusal(manifest, migrationsOf(migrations.migrationsFolder), pgliteVersion())
        : `${opts.pgliteDir} is not empty`;
      if (!image.imageRefused) {
        await placeImage(opts.pgliteImage!, opts.pgliteDir, { sync: synced });
        origin = 'image';
      }
    }
  }
  if (!inMemory) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  let client: PGlite;
  if (synced) {
    client = await openSyncedPglite(opts.pgliteDir, { loadDataDir: opts.pgliteSnapshot });
  } else {
    // Written to without syncs from now on: the next synced open must sync it all.
    if (!inMemory) takeSyncedMark(opts.pgliteDir);
    client = await PGlite.create(opts.pgliteDir, {
      loadDataDir: opts.pgliteSnapshot,
      // In memory, the database's files are memory too: PostgreSQL's 128 MB of shared buffers
      // would only copy them, and setting those up was a third of an open (1.45 -> 1.0 s of
      // CPU; every server test file opens one).
      ...(inMemory && {
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${IN_MEMORY_BUFFERS}`],
      }),
    });
  }
  yieldBetweenStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const before = origin === 'initdb' ? 0 : await migrationCount(db);
  await migratePglite(db as never, migrations);
  return withPing({
    db,
    driver: 'pglite',
    durability: inMemory ? 'memory' : synced ? 'synced' : 'page-cache',
    opened: { ...(await openedNow(db, origin, before, started)), ...image },
    close: () => client.close(),
  });
}

/** Migrations recorded in the database (drizzle's table); 0 before the first. */
async function migrationCount(db: Db): Promise<number> {
  try {
    const result = await db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  } catch {
    return 0;
  }
}

async function openedNow(db: Db, origin: Origin, before: number, started: number) {
  const migrations = await migrationCount(db);
  return { origin, migrations, applied: migrations - before, ms: performance.now() - started };
}

/** The start-up log line that says where the database came from and what opening it did. */
export function openedNotice(
  database: Database,
  pgliteDir?: string,
): { msg: string; data: Record<string, unknown> } {
  const { origin, migrations, applied, imageRefused, imageMissing, ms } = database.opened;
  const data = { origin, migrations, applied, ms: Math.round(ms), dir: pgliteDir };
  const counts = `${migrations} migrations, ${applied} applied now`;
  // Not a warning when the image is not used: the database is the same, only made slower.
  const how = {
    image: 'new PGlite database from the prepared image',
    initdb: imageRefused
      ? `new PGlite database made by initdb, the prepared image not used (${imageRefused}; npm run build remakes it)`
      : 'new PGlite database made by initdb (no prepared image; npm run build makes one)',
    existing: 'PGlite opened',
    memory: 'PGlite in memory',
    server: 'PostgreSQL',
  }[origin];
  return {
    msg: `database: ${how}; ${counts}`,
    data: {
      ...data,
      ...(origin === 'initdb' && { imageNotUsed: imageRefused ?? `none in ${imageMissing}` }),
    },
  };
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
