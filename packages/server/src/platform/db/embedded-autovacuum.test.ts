import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { dueOf, embeddedAutovacuum } from './embedded-autovacuum.ts';

const settings = {
  analyze_base: 50,
  analyze_scale: 0.1,
  vacuum_base: 50,
  vacuum_scale: 0.2,
  freeze_max_age: 200_000_000,
  naptime_s: 60,
};
const table = (
  name: string,
  rows: number,
  modified: number,
  dead = 0,
  xid_age = 1000,
  analyzed_s: number | null = null,
) => ({ table: name, rows, modified, dead, xid_age, analyzed_s, vacuumed_s: null, ...settings });

describe('which table the embedded autovacuum takes', () => {
  it.each([
    ['none past its thresholds', [table('a', 1000, 150), table('b', -1, 49)], undefined],
    // 1000 rows: analyze past 50 + 100 changed rows; a table never analyzed counts 0 rows.
    ['the one furthest past', [table('a', 1000, 151), table('b', -1, 200)], ['b', 'analyze']],
    // Analyzed 59 s ago: not again within autovacuum_naptime, however much changed since.
    ['none analyzed within a minute', [table('a', 1000, 9999, 0, 1000, 59)], undefined],
    ['one analyzed a minute ago', [table('a', 1000, 151, 0, 1000, 60)], ['a', 'analyze']],
    ['dead rows before changed ones', [table('a', 1000, 5000, 251)], ['a', 'vacuum']],
    [
      'an old transaction id before all',
      [table('a', 1, 9e9), table('b', 1e6, 0, 0, 2.1e8)],
      ['b', 'vacuum'],
    ],
  ] as const)('%s', (_, tables, expected) => {
    const due = dueOf([...tables]);
    expect(due && [due.table, due.action]).toEqual(expected);
  });
});

// The pass itself, on a real embedded database of its own.
describe('the embedded autovacuum on PGlite', () => {
  let client: PGlite;
  let db: Db;
  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  // PGlite reports a transaction's counts to pg_stat_user_tables at most once a second.
  const statsSettled = async () => {
    await new Promise((r) => setTimeout(r, 1_100));
    await db.execute(sql`select 1`);
  };
  const stats = async () =>
    (
      await rows<{ estimated: number; dead: number; modified: number }>(sql`
        select c.reltuples::int as estimated, s.n_dead_tup::int as dead,
               s.n_mod_since_analyze::int as modified
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'busy'`)
    )[0]!;

  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle(client) as unknown as Db;
    await db.execute(sql`create table busy (id int primary key, v int)`);
    await db.execute(sql`create table quiet (id int primary key)`);
    await db.execute(sql`insert into busy select g, 0 from generate_series(1, 10000) g`);
    await db.execute(sql`insert into quiet select g from generate_series(1, 10) g`);
    await statsSettled();
  });
  afterAll(() => client?.close());

  it('analyzes the changed table, vacuums its dead rows, and rests it and the rest', async () => {
    const autovacuum = embeddedAutovacuum(db);
    expect(await stats()).toMatchObject({ estimated: -1, modified: 10000 });
    expect(await autovacuum.pass()).toMatchObject({ table: 'busy', action: 'analyze' });
    await statsSettled();
    expect(await stats()).toMatchObject({ estimated: 10000, modified: 0 });
    // Ten rows are under the 50 changed rows of any table's threshold.
    expect(await autovacuum.pass()).toBeUndefined();

    // Half the rows updated: 5,000 dead against 50 + 20 % of 10,000.
    await db.execute(sql`update busy set v = 1 where id <= 5000`);
    await statsSettled();
    expect(await autovacuum.pass()).toMatchObject({ table: 'busy', action: 'vacuum' });
    await statsSettled();
    expect(await stats()).toMatchObject({ dead: 0, modified: 5000 });
    // Its changed rows are past the analyze threshold, but it was analyzed under a minute ago.
    expect(await autovacuum.pass()).toBeUndefined();
  });
});
