import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, testDriver } from '../../test/harness.ts';
import { migrationsFolder, openDatabase, type Database, type Db } from './client.ts';
import {
  imageRefusal,
  makePreparedImage,
  migrationsOf,
  pgliteVersion,
  readManifest,
  type ImageManifest,
} from './prepared-image.ts';

// The prepared database image (docs/decisions.md, "A start that does not rebuild"): a database
// started from it must be exactly what the migrations make from scratch, migrations added
// after the image was made must still apply, and PostgreSQL must never use it.

/** How many migrations there are: every one of them in a database made from scratch. */
const ALL = migrationsOf(migrationsFolder()).length;

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-db-image-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const rows = async <T>(db: Db, query: string) =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/**
 * Everything the migrations make, as text: every schema object outside PostgreSQL's own
 * (columns, constraints, indexes, sequences, functions, triggers, views, types), the
 * extensions, drizzle's migrations table, and the content of every table.
 */
async function describeDatabase(db: Db) {
  const ours = `not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`;
  const tables = await rows<{ s: string; t: string }>(
    db,
    `select n.nspname as s, c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname ${ours} order by 1, 2`,
  );
  const content: Record<string, unknown> = {};
  for (const { s, t } of tables)
    content[`${s}.${t}`] = (
      await rows<{ n: number; digest: string }>(
        db,
        `select count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as digest
         from "${s}"."${t}" x`,
      )
    )[0];
  return {
    objects: await rows(
      db,
      `select n.nspname, c.relname, c.relkind, c.relpersistence, c.relhasindex, c.relrowsecurity
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname ${ours} order by 1, 2`,
    ),
    columns: await rows(
      db,
      `select table_schema, table_name, ordinal_position, column_name, data_type, udt_name,
         is_nullable, column_default, character_maximum_length, numeric_precision, is_identity,
         is_generated, generation_expression, collation_name
       from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
       order by 1, 2, 3`,
    ),
    constraints: await rows(
      db,
      `select n.nspname, conrelid::regclass::text as rel, conname, contype, pg_get_constraintdef(c.oid) as def
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where n.nspname ${ours} order by 1, 2, 3`,
    ),
    indexes: await rows(
      db,
      `select schemaname, tablename, indexname, indexdef from pg_indexes
       where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`,
    ),
    sequences: await rows(
      db,
      `select schemaname, sequencename, data_type::text, start_value, increment_by, max_value, last_value
       from pg_sequences order by 1, 2`,
    ),
    functions: await rows(
      db,
      `select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as def
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname ${ours} and p.prokind in ('f', 'p') order by 1, 2, 3`,
    ),
    triggers: await rows(
      db,
      `select tgrelid::regclass::text as rel, tgname, pg_get_triggerdef(oid) as def
       from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    views: await rows(
      db,
      `select schemaname, viewname, definition from pg_views
       where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
    ),
    types: await rows(
      db,
      `select n.nspname, t.typname, t.typtype,
         (select string_agg(enumlabel, ',' order by enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where n.nspname ${ours} and t.typtype in ('e', 'd', 'c') and t.typrelid = 0 order by 1, 2`,
    ),
    extensions: await rows(db, `select extname, extversion from pg_extension order by 1`),
    migrations: await rows(
      db,
      `select id, hash, created_at::text from drizzle.__drizzle_migrations order by id`,
    ),
    content,
  };
}

describe('which prepared images a start may use', () => {
  const current = migrationsOf(migrationsFolder());
  const image = (over: Partial<ImageManifest> = {}): ImageManifest => ({
    pglite: '0.5.16',
    migrations: current,
    ...over,
  });

  it('one made by the same PGlite from the same migrations, or from the first of them', () => {
    expect(imageRefusal(image(), current, '0.5.16')).toBeUndefined();
    expect(imageRefusal(image({ migrations: current.slice(0, 3) }), current, '0.5.16')).toBe(
      undefined,
    );
    expect(imageRefusal(image({ migrations: [] }), current, '0.5.16')).toBeUndefined();
  });

  it('not one made by another PGlite', () => {
    expect(imageRefusal(image(), current, '0.6.0')).toMatch(/PGlite 0.5.16, this is 0.6.0/);
  });

  it('not one whose migrations were edited, reordered or removed since', () => {
    const edited = current.map((m, i) => (i === 2 ? { ...m, hash: 'f'.repeat(64) } : m));
    expect(imageRefusal(image({ migrations: edited }), current, '0.5.16')).toMatch(
      /migration 3 has changed/,
    );
    const moved = current.map((m, i) => (i === 4 ? { ...m, folderMillis: 1 } : m));
    expect(imageRefusal(image({ migrations: moved }), current, '0.5.16')).toMatch(/migration 5/);
    expect(
      imageRefusal(image({ migrations: [...current, current[0]!] }), current, '0.5.16'),
    ).toMatch(new RegExp(`holds ${ALL + 1} migrations, there are ${ALL}`));
  });
});

describe.skipIf(testDriver === 'pg')('a PGlite database started from the prepared image', () => {
  const opened: Database[] = [];
  const open = async (dir: string, image: string) => {
    const database = await openDatabase({ pgliteDir: path.join(tmp, dir), pgliteImage: image });
    opened.push(database);
    return database;
  };
  let scratch: Awaited<ReturnType<typeof describeDatabase>>;
  let image: string;

  beforeAll(async () => {
    image = path.join(tmp, 'image');
    await makePreparedImage(image, migrationsFolder());
    // From scratch: a start whose image may not be used runs initdb and every migration. (Not
    // the test harness's snapshot: that is a dump of a database still open, and a sequence
    // comes out of the recovery that loading it runs 32 values on, as after a crash.)
    const unusable = path.join(tmp, 'other-pglite-image');
    fs.mkdirSync(path.join(unusable, 'pgdata'), { recursive: true });
    fs.writeFileSync(path.join(unusable, 'pgdata/PG_VERSION'), '18\n');
    fs.writeFileSync(
      path.join(unusable, 'image.json'),
      JSON.stringify({ ...readManifest(image), pglite: '0.0.1' }),
    );
    const fromScratch = await open('scratch/pglite', unusable);
    expect(fromScratch.opened).toMatchObject({
      origin: 'initdb',
      imageRefused: `made by PGlite 0.0.1, this is ${pgliteVersion()}`,
      migrations: ALL,
      applied: ALL,
    });
    scratch = await describeDatabase(fromScratch.db);
  }, 600_000);
  afterAll(async () => {
    for (const d of opened) await d.close();
  });

  it('is what the migrations make from scratch, on a synced PGlite', async () => {
    // What a start that died while copying the image left is cleared.
    const leftover = path.join(tmp, 'fresh/pglite.new-99999');
    fs.mkdirSync(leftover, { recursive: true });
    fs.writeFileSync(path.join(leftover, 'PG_VERSION'), '18\n');
    const database = await open('fresh/pglite', image);
    // (The mark of a synced directory, pglite-fsync.ts, was taken by the open that followed.)
    expect(fs.readdirSync(path.join(tmp, 'fresh'))).toEqual(['pglite']);
    expect(database.opened).toMatchObject({ origin: 'image', migrations: ALL, applied: 0 });
    expect(database.durability).toBe('synced');
    const described = await describeDatabase(database.db);
    expect(described.migrations).toHaveLength(ALL);
    expect(Object.keys(described.content).length).toBeGreaterThan(20);
    expect(described).toEqual(scratch);
  }, 300_000);

  it('takes the migrations added after the image was made', async () => {
    // An image of all the migrations but the last, as the build made it before that one.
    const older = path.join(tmp, 'migrations-older');
    fs.cpSync(migrationsFolder(), older, { recursive: true });
    const journalFile = path.join(older, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    const last = journal.entries.pop()!;
    fs.rmSync(path.join(older, `${last.tag}.sql`));
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const olderImage = path.join(tmp, 'image-older');
    expect((await makePreparedImage(olderImage, older)).migrations).toHaveLength(ALL - 1);

    const database = await open('later/pglite', olderImage);
    expect(database.opened).toMatchObject({ origin: 'image', migrations: ALL, applied: 1 });
    expect(await describeDatabase(database.db)).toEqual(scratch);
  }, 600_000);

  it('is used only for a directory without a database: a restart opens what is there', async () => {
    const first = opened.find((d) => d.opened.origin === 'image')!;
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    const again = await open('fresh/pglite', image);
    expect(again.opened).toMatchObject({ origin: 'existing', migrations: ALL, applied: 0 });
  }, 300_000);
});

describe.skipIf(testDriver !== 'pg')('PostgreSQL', () => {
  it('never uses the prepared image: its migrations run as they always have', async () => {
    // An image a PGlite start would take (its manifest matches), which must stay unused.
    const image = path.join(tmp, 'image');
    fs.mkdirSync(path.join(image, 'pgdata'), { recursive: true });
    fs.writeFileSync(path.join(image, 'pgdata/PG_VERSION'), '18\n');
    const manifest: ImageManifest = {
      pglite: pgliteVersion(),
      migrations: migrationsOf(migrationsFolder()),
    };
    fs.writeFileSync(path.join(image, 'image.json'), JSON.stringify(manifest));
    expect(readManifest(image)).toEqual(manifest);

    const pg = await freshPostgres();
    const pgliteDir = path.join(tmp, 'pg/pglite');
    const database = await openDatabase({ url: pg.url, pgliteDir, pgliteImage: image });
    try {
      expect(database.driver).toBe('pg');
      expect(database.opened).toMatchObject({ origin: 'server', migrations: ALL, applied: ALL });
      expect(fs.existsSync(path.dirname(pgliteDir))).toBe(false);
      const described = await describeDatabase(database.db);
      expect(described.migrations.map((m) => (m as { hash: string }).hash)).toEqual(
        manifest.migrations.map((m) => m.hash),
      );
    } finally {
      await database.close();
      await pg.drop();
    }
  });
});
