import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { isWal, markSynced, syncPath } from './pglite-fsync.ts';

/**
 * The prepared database image (docs/decisions.md, "A start that does not rebuild"): a PGlite
 * data directory on which the committed migrations have run, made by the build
 * (`dist/db-image/`), which a first start on a fresh DATA_DIR copies into place instead of
 * running initdb and every migration (most of a first start's time). The image is what the
 * migrations produce, nothing more: it is made exactly as a start on an empty directory makes
 * its database, and its manifest names the migrations it holds, so that a start uses it only
 * when they are the first ones of its own; the migrations run after it as on any start, which
 * applies the ones added since. PostgreSQL (DATABASE_URL) never uses it.
 */

/** What an image holds, written beside its data directory (`image.json`). */
export interface ImageManifest {
  /** The PGlite release that made it: another one may not read its files. */
  pglite: string;
  /** The migrations applied, in order, as drizzle identifies them (journal time, SQL digest). */
  migrations: { folderMillis: number; hash: string }[];
}

const MANIFEST = 'image.json';
const DATA = 'pgdata';

/** The migrations of `migrationsFolder`, as drizzle identifies them. */
export function migrationsOf(migrationsFolder: string): ImageManifest['migrations'] {
  return readMigrationFiles({ migrationsFolder }).map(({ folderMillis, hash }) => ({
    folderMillis,
    hash,
  }));
}

/** The installed PGlite's version (its package.json, found from its entry). */
export function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('the installed PGlite has no package.json');
    dir = up;
  }
}

/** Where the build puts the image: dist/db-image, seen from dist/ (the bundle) or src/platform/db/. */
export function preparedImageDir(): string {
  const here = import.meta.dirname;
  return path.basename(here) === 'dist'
    ? path.join(here, 'db-image')
    : path.resolve(here, '../../../dist/db-image');
}

/**
 * Makes the image in `imageDir` (replacing any there): PGlite's initdb on an empty directory,
 * then the migrations of `migrationsFolder`, then a clean close, exactly as a first start
 * without an image does. Written beside and renamed into place, so that an interrupted build
 * leaves no half image.
 */
export async function makePreparedImage(imageDir: string, migrationsFolder: string) {
  const partial = `${imageDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.join(partial, DATA), { recursive: true });
  const client = await PGlite.create(path.join(partial, DATA));
  await migrate(drizzle(client), { migrationsFolder });
  await client.close();
  const manifest: ImageManifest = {
    pglite: pgliteVersion(),
    migrations: migrationsOf(migrationsFolder),
  };
  fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.rmSync(imageDir, { recursive: true, force: true });
  fs.renameSync(partial, imageDir);
  return manifest;
}

/** The image's manifest, or undefined when there is no image in `imageDir`. */
export function readManifest(imageDir: string): ImageManifest | undefined {
  const file = path.join(imageDir, MANIFEST);
  if (!fs.existsSync(file) || !fs.existsSync(path.join(imageDir, DATA, 'PG_VERSION')))
    return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ImageManifest;
}

/**
 * Why an image made as `image` says may not start a database that the migrations `current`
 * run on with PGlite `pglite`; undefined when it may: same PGlite, and its migrations are the
 * first of `current`, unchanged (the later ones then run on it, as on any database).
 */
export function imageRefusal(
  image: ImageManifest,
  current: ImageManifest['migrations'],
  pglite: string,
): string | undefined {
  if (image.pglite !== pglite) return `made by PGlite ${image.pglite}, this is ${pglite}`;
  if (image.migrations.length > current.length)
    return `it holds ${image.migrations.length} migrations, there are ${current.length}`;
  const changed = image.migrations.findIndex(
    (m, i) => m.hash !== current[i]!.hash || m.folderMillis !== current[i]!.folderMillis,
  );
  if (changed >= 0) return `migration ${changed + 1} has changed since it was made`;
  return undefined;
}

/** True when `dir` does not exist or is an empty directory. */
export function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * Puts a copy of the image's data directory at `pgliteDir`, which must be absent or empty.
 * The copy is made beside it and renamed into place, so that `pgliteDir` never holds half a
 * database. With `sync`, every file and directory of the copy reaches the disk before the
 * rename, and the rename before this returns (as syncFd does: fdatasync for the WAL, fsync for
 * the rest); the data directory is then marked as synced (pglite-fsync.ts), so that the open
 * that follows does not sync it again.
 */
export async function placeImage(
  imageDir: string,
  pgliteDir: string,
  opts: { sync: boolean },
): Promise<void> {
  const target = path.resolve(pgliteDir);
  const parent = path.dirname(target);
  const partial = `${target}.new-${process.pid}`;
  fs.mkdirSync(parent, { recursive: true });
  // What a start that died while copying left (only this makes such names).
  const leftover = `${path.basename(target)}.new-`;
  for (const name of fs.readdirSync(parent))
    if (name.startsWith(leftover))
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  try {
    await copyTree(path.join(imageDir, DATA), partial, opts.sync);
    fs.rmSync(target, { recursive: true, force: true }); // an empty directory, if any
    fs.renameSync(partial, target);
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
  if (opts.sync) {
    syncPath(parent, 'directory');
    markSynced(target);
  }
}

/**
 * Copies the tree `from` to `to`; with `sync`, each file and directory of the copy is synced.
 * Files are copied and synced several at a time, in libuv's thread pool: a thousand fsyncs
 * one after the other took 2.4 s here, sixteen at a time 0.5 s.
 */
async function copyTree(from: string, to: string, sync: boolean): Promise<void> {
  const dirs: string[] = [];
  const files: string[] = [];
  const walk = (rel: string) => {
    dirs.push(rel);
    for (const entry of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
      else throw new Error(`prepared image: ${child} is neither a file nor a directory`);
    }
  };
  walk('');
  for (const dir of dirs) fs.mkdirSync(path.join(to, dir), { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const rel = files[next++]!;
      const dest = path.join(to, rel);
      await fs.promises.copyFile(path.join(from, rel), dest);
      if (!sync) continue;
      const handle = await fs.promises.open(dest, 'r');
      try {
        await (isWal(dest) ? handle.datasync() : handle.sync());
      } finally {
        await handle.close();
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  if (sync) for (const dir of dirs.reverse()) syncPath(path.join(to, dir), 'directory');
}
