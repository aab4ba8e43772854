import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../console/logs/log-backup-file.ts';
import { openDatabase } from '../platform/db/index.ts';
import { freshPostgres, testDriver } from '../test/harness.ts';

const run = promisify(execFile);
const cli = path.join(import.meta.dirname, 'restore-logs.ts');
const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-restore-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run logs:restore -- …` as the operator would, answering its status and output. */
async function restore(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(tsx, [cli, ...args], {
      env: { PATH: process.env.PATH, ...env },
      timeout: 60_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** The restore command (docs/logs.md "Retention and backup"). */
describe('npm run logs:restore', () => {
  // The command's own checks, before any database: the DB=pg run would only repeat them (two
  // cold starts of the command, 16 s on a loaded machine).
  it.skipIf(testDriver === 'pg')(
    'says how to call it, and will not make a database where there is none',
    async () => {
      expect(await restore([], { DATA_DIR: dir })).toMatchObject({
        code: 2,
        out: expect.stringContaining('usage: npm run logs:restore'),
      });
      expect(await restore(['x.jsonl.gz'], { DATA_DIR: dir })).toMatchObject({
        code: 2,
        out: expect.stringContaining('no database in'),
      });
    },
  );

  it.runIf(testDriver === 'pg')(
    'restores a backup into PostgreSQL once, however often it is run',
    async () => {
      const pg = await freshPostgres();
      const database = await openDatabase({ url: pg.url, pgliteDir: 'memory://' });
      try {
        const tenantId = '11111111-2222-3333-4444-555555555555';
        await database.db.execute(
          sql`insert into tenants (id, domain) values (${tenantId}, 'cli.example')`,
        );
        async function* rows() {
          yield [0, 1, 2].map((i) =>
            JSON.stringify({
              id: 900 + i,
              tenant_id: tenantId,
              device_id: '11111111-2222-3333-4444-666666666666',
              group_id: null,
              seq: i + 1,
              at: `2026-09-15T10:00:0${i}.123456+00:00`,
              operation: 'read',
              outcome: 'denied',
              program: '/bin/cat',
              user_name: 'eve',
              path: `/srv/x${i}`,
            }),
          );
        }
        const backups = path.join(dir, 'backups');
        const written = await writeBackup(
          backups,
          {
            format: 'edp-log-backup',
            version: 1,
            log: 'access_logs',
            week: 'access_logs_w20260914',
            tenantId,
            from: '2026-09-14T00:00:00.000Z',
            to: '2026-09-21T00:00:00.000Z',
            at: '2026-11-26T09:00:00.000Z',
          },
          rows(),
        );
        const file = path.join(backups, written.name);
        const env = { DATABASE_URL: pg.url, LOG_BACKUP_DIR: backups };
        const first = await restore([file], env);
        expect(first).toMatchObject({ code: 0 });
        expect(first.out).toContain(`checksum ${written.sha256} ok`);
        expect(first.out).toContain('3 rows, 3 inserted, 0 already there');
        expect((await restore([file], env)).out).toContain('3 rows, 0 inserted, 3 already there');
        const stored = await database.db.execute(
          sql`select to_char(at at time zone 'UTC', 'HH24:MI:SS.US') as at from access_logs order by id`,
        );
        expect((stored as unknown as { rows: { at: string }[] }).rows.map((r) => r.at)).toEqual([
          '10:00:00.123456',
          '10:00:01.123456',
          '10:00:02.123456',
        ]);
        // A file whose bytes changed is refused, and the command says so by its status.
        const bad = path.join(dir, 'bad.jsonl.gz');
        const bytes = fs.readFileSync(file);
        bytes[20] = bytes[20]! ^ 0xff;
        fs.writeFileSync(bad, bytes);
        fs.copyFileSync(`${file}.sha256`, `${bad}.sha256`);
        const refused = await restore([bad], env);
        expect(refused).toMatchObject({ code: 1, out: expect.stringMatching(/checksum mismatch/) });
      } finally {
        await database.close();
        await pg.drop();
      }
    },
  );
});
