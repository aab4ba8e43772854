import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import {
  installFsync,
  openSyncedPglite,
  syncFd,
  type SyncFd,
  type SyncKind,
} from './pglite-fsync.ts';

// What makes PGLITE_FSYNC=on durable, checked against the PGlite build installed: should an
// upgrade change Emscripten's NODEFS or PGlite's start-up, these fail rather than the server
// silently acknowledging commits from the page cache again.
// PGlite only: skipped in the DB=pg run of the suite, which would repeat it unchanged.
describe.skipIf(process.env.DB === 'pg')('PGlite with its commits synced to disk', () => {
  let dir: string;
  let db: PGlite;
  const synced: SyncKind[] = [];
  const counting: SyncFd = (fd, kind) => {
    synced.push(kind);
    syncFd(fd, kind);
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-pglite-fsync-'));
    db = await openSyncedPglite(dir, {}, counting);
    await db.exec('create table t (id serial primary key, body text not null)');
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}.synced`, { force: true });
  });

  it('has synced what was on disk at open, directories included', () => {
    expect(synced.filter((k) => k === 'directory').length).toBeGreaterThan(1);
    expect(synced.filter((k) => k === 'wal').length).toBeGreaterThan(0);
    expect(synced.filter((k) => k === 'file').length).toBeGreaterThan(100);
  });

  it("runs PostgreSQL with fsync on, through fsync() (Emscripten's fdatasync is a no-op)", async () => {
    const setting = async (name: string) =>
      (await db.query<{ v: string }>(`select current_setting('${name}') as v`)).rows[0]!.v;
    expect(await setting('fsync')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
    expect(await setting('synchronous_commit')).toBe('on');
  });

  it('syncs once per committed insert, never for a read, and the data files at a checkpoint', async () => {
    synced.length = 0;
    for (let i = 0; i < 5; i++) await db.query('insert into t (body) values ($1)', [`row ${i}`]);
    expect(synced).toEqual(['wal', 'wal', 'wal', 'wal', 'wal']);

    synced.length = 0;
    await db.query('select count(*) from t');
    expect(synced.length).toBe(0);

    await db.exec('checkpoint');
    expect(synced.filter((k) => k === 'file').length).toBeGreaterThan(1);
  });

  it('syncs nothing again at the next open after a clean close; after a run without syncs, all', async () => {
    const mark = `${dir}.synced`;
    expect(fs.existsSync(mark)).toBe(false); // while open: a crash now leaves no mark
    await db.close();
    expect(fs.existsSync(mark)).toBe(true);

    synced.length = 0;
    db = await openSyncedPglite(dir, {}, counting);
    expect(fs.existsSync(mark)).toBe(false);
    expect(synced.filter((k) => k === 'file').length).toBeLessThan(10);
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 5 }]);
    await db.close();
    expect(fs.existsSync(mark)).toBe(true);

    // PGLITE_FSYNC=off takes the mark away and leaves none: the next synced open syncs it all.
    const unsynced = await openDatabase({ pgliteDir: dir, pgliteFsync: false });
    expect(fs.existsSync(mark)).toBe(false);
    await unsynced.close();
    expect(fs.existsSync(mark)).toBe(false);
    synced.length = 0;
    db = await openSyncedPglite(dir, {}, counting);
    expect(synced.filter((k) => k === 'file').length).toBeGreaterThan(100);
  });

  it('refuses a NODEFS that is not the shape it was written against', () => {
    expect(() => installFsync(undefined, counting)).toThrow(/PGLITE_FSYNC=off/);
    expect(() => installFsync({ stream_ops: {} }, counting)).toThrow(/does not expose NODEFS/);
  });
});
