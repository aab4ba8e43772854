import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../platform/db/client.ts';
import type { Db } from '../platform/db/index.ts';
import { freshPostgres, testDriver } from '../test/harness.ts';
import { migrationsBefore } from '../test/migrations.ts';
import { tokenHash } from './device-token.ts';
import { deviceCheckInRepository } from '../console/devices/device-checkin-repository.ts';

const TAG = '0012_named_enrol_secrets';
const tenant = '00000000-0000-4000-8000-000000000001';
const groupA = '00000000-0000-4000-8000-00000000000a';
const groupB = '00000000-0000-4000-8000-00000000000b';
const secretA = `edp_enrol_${'A'.repeat(28)}wxyz`;
const secretB = `edp_enrol_${'B'.repeat(28)}Q-_9`;

/**
 * 0012 turns each group's one secret, stored as it was, into a named secret stored as its
 * SHA-256: the engines' install commands holding it still enrol, into the same group.
 */
describe(`migration ${TAG} (${testDriver})`, () => {
  const before = migrationsBefore(TAG);
  let db: Db;
  let exec: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (testDriver === 'pg') {
      const fresh = await freshPostgres();
      const pool = new pg.Pool({ connectionString: fresh.url });
      // The database is dropped (with force) as the pool's last client is still closing: its
      // "terminating connection" reaches the pool, which must not throw it (as client.ts's).
      pool.on('error', () => {});
      const d = pgDrizzle(pool);
      await pgMigrate(d, { migrationsFolder: before });
      db = d as unknown as Db;
      exec = (q) => pool.query(q);
      migrateAll = () => pgMigrate(d, { migrationsFolder: migrationsFolder() });
      close = async () => {
        await pool.end();
        await fresh.drop();
      };
    } else {
      const client = new PGlite();
      const d = pgliteDrizzle(client);
      await pgliteMigrate(d, { migrationsFolder: before });
      db = d as unknown as Db;
      exec = async (q) => {
        const results = await client.exec(q);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      };
      migrateAll = () => pgliteMigrate(d, { migrationsFolder: migrationsFolder() });
      close = () => client.close();
    }
  }, 60_000);
  let migrateAll: () => Promise<void>;
  afterAll(async () => {
    await close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keeps the old secrets enrolling, named after their group and day, hashed, live', async () => {
    await exec(`
      insert into tenants (id, domain, company) values ('${tenant}', 'old.example', 'Old Ltd');
      insert into console_groups (id, tenant_id, name, level, path) values
        ('${groupA}', '${tenant}', 'Plant-A', 1, '/a/'),
        ('${groupB}', '${tenant}', 'Plant-B', 1, '/b/');
      insert into device_enrol_secrets (group_id, tenant_id, secret, created_at) values
        ('${groupA}', '${tenant}', '${secretA}', '2026-11-20T23:30:00Z'),
        ('${groupB}', '${tenant}', '${secretB}', '2026-10-01T08:00:00Z');
      insert into devices (tenant_id, group_id, name, kind, fingerprint, token_hash) values
        ('${tenant}', '${groupA}', 'old-01', 'TDE', 'ab12ab12ab12ab12', 'feed');
    `);
    await migrateAll();

    const { rows } = await exec(`select * from device_enrol_secrets order by created_at desc`);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      group_id: groupA,
      tenant_id: tenant,
      name: 'Plant-A 2026-11-20',
      secret_hash: tokenHash(secretA),
      hint: 'wxyz',
      created_by: '',
      expires_at: null,
      revoked_at: null,
    });
    expect(rows[1]).toMatchObject({ name: 'Plant-B 2026-10-01', hint: 'Q-_9' });
    expect(JSON.stringify(rows)).not.toContain(secretA);
    expect(rows[0]).not.toHaveProperty('secret');

    // Enrolment finds them by the hash, live.
    const repo = deviceCheckInRepository(db);
    const now = new Date('2026-11-25T00:00:00Z');
    expect(await repo.secretOwner(tokenHash(secretA), now)).toMatchObject({
      tenantId: tenant,
      groupId: groupA,
      secretId: rows[0]!.id,
    });
    expect(await repo.secretOwner(tokenHash(secretB), now)).toMatchObject({ groupId: groupB });
    // Devices enrolled before are kept, with no secret known.
    const devices = await exec(`select name, enrol_secret_id from devices`);
    expect(devices.rows).toEqual([{ name: 'old-01', enrol_secret_id: null }]);
  });
});
