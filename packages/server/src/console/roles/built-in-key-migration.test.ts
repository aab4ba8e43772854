import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../platform/db/client.ts';
import { migrationsBefore } from '../../test/migrations.ts';

/** 0008 gives the roles made at setup before it their key, and the audit entries theirs. */
describe('migration 0008_built_in_role_keys', () => {
  const client = new PGlite();
  const before = migrationsBefore('0008_built_in_role_keys');
  afterAll(async () => {
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keys the built-in roles by their duty and the audit entries by their role name', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    const tenant = '00000000-0000-4000-8000-000000000001';
    await client.exec(`
      insert into tenants (id, domain, company) values ('${tenant}', 'old.example', 'Old Ltd');
      insert into console_roles (tenant_id, name, menu, permission, user_type, built_in) values
        ('${tenant}', '系统管理员', 'system', 'write', 2, true),
        ('${tenant}', '密码管理员', 'kss', 'write', 3, true),
        ('${tenant}', '安全操作员', 'operate', 'write', 3, true),
        ('${tenant}', 'Audit team', 'audit', 'write', 3, true),
        ('${tenant}', '值班员', 'operate', 'read', 3, false);
      insert into console_audit (tenant_id, role_name, action, result) values
        ('${tenant}', 'Audit team', '/login/n/login', 'success'),
        ('${tenant}', '值班员', '/login/n/login', 'success'),
        ('${tenant}', '', '/login/n/login', 'failure');
    `);
    await migrate(db, { migrationsFolder: migrationsFolder() });
    const roles = await client.query<{ name: string; built_in_key: string | null }>(
      'select name, built_in_key from console_roles order by created_at, name',
    );
    expect(Object.fromEntries(roles.rows.map((r) => [r.name, r.built_in_key]))).toEqual({
      系统管理员: 'admin',
      密码管理员: 'keyAdmin',
      安全操作员: 'operator',
      'Audit team': 'auditor',
      值班员: null,
    });
    const audit = await client.query<{ role_name: string; role_key: string | null }>(
      'select role_name, role_key from console_audit order by id',
    );
    expect(audit.rows.map((r) => r.role_key)).toEqual(['auditor', null, null]);
  });
});
