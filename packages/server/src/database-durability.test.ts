import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { IN_MEMORY_BUFFERS } from './platform/db/index.ts';
import { createTestApp, testDriver } from './test/harness.ts';

// The start-up log says what an acknowledged commit survives (docs/decisions.md, "Durability
// of the embedded database"). These open PGlite on disk, as `npm start` does.
// PGlite only: skipped in the DB=pg run of the suite, which would repeat them unchanged.
describe.skipIf(testDriver === 'pg')('the start-up log on PGlite', () => {
  let app: FastifyInstance | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await app?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-durability-'));
    const lines: { level: number; msg: string }[] = [];
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    });
    app = await buildApp({
      config,
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
    return { app, lines };
  }

  it('warns with PGLITE_FSYNC=off that a power cut can lose acknowledged commits', async () => {
    const { app, lines } = await start({ PGLITE_FSYNC: 'off' });
    expect(app.platform.database.durability).toBe('page-cache');
    const warning = lines.find((l) => l.level === 40 && /PGLITE_FSYNC=off/.test(l.msg));
    expect(warning?.msg).toMatch(/survives kill -9, not a power cut/);
    expect(warning?.msg).toMatch(/DATABASE_URL/);
  });

  it('says by default that each commit is synced to disk, and warns of no database', async () => {
    const { app, lines } = await start({});
    expect(app.platform.database.durability).toBe('synced');
    expect(lines.some((l) => l.level === 30 && /syncs each commit to disk/.test(l.msg))).toBe(true);
    expect(lines.filter((l) => l.level >= 40 && /PGlite|PGLITE/.test(l.msg))).toEqual([]);
    // On disk PostgreSQL's own shared buffers; in memory (the tests') fewer (client.ts).
    expect(await sharedBuffers(app)).toBe('128MB');
    const inMemory = await createTestApp();
    expect(await sharedBuffers(inMemory.app)).toBe(IN_MEMORY_BUFFERS);
    await inMemory.close();
  });
});

async function sharedBuffers(app: FastifyInstance): Promise<string> {
  const result = await app.platform.database.db.execute(sql`show shared_buffers`);
  return (result as unknown as { rows: { shared_buffers: string }[] }).rows[0]!.shared_buffers;
}
