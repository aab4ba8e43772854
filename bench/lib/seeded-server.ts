// The system under test for bench/api.mjs: the real app on PGlite, seeded with one company
// holding 10,000 licences and one console tenant with 10,000 users. Prints what the load
// generator needs as one JSON line on stdout, then serves until killed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { md5Hex } from '../../packages/server/src/platform/passwords/password-hash.ts';
import { companies } from '../../packages/server/src/platform/db/schema/index.ts';

const SEED = Number(process.env.BENCH_SEED ?? 10_000);
const HOST = 'bench.local';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-bench-api-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  CAPTCHA: 'off',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  PORT: process.env.PORT ?? '18180',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  // PGLITE_FSYNC=off measures the embedded database without its per-commit sync.
  PGLITE_FSYNC: process.env.PGLITE_FSYNC ?? 'on',
});
const app = await buildApp({ config, logger: false });
await app.ready();
const db = app.platform.db;

// Portal: a company with a large balance and SEED licences on SEED engines.
const companyId = randomUUID();
await db.insert(companies).values({
  id: companyId,
  email: 'bench@example.cn',
  passwordHash: await app.platform.passwords.hash(md5Hex('Bench#Pass2026')),
  company: 'Bench Ltd',
  balance: 1_000_000,
});
await db.execute(sql`
  insert into engines (company_id, device_id, kind, name, fingerprint)
  select ${companyId}, 'dev-' || g, (array['TDE','DI','DPI','PWE','PWO'])[1 + g % 5], 'Device ' || g, md5(g::text)
  from generate_series(1, ${SEED}) g`);
await db.execute(sql`
  insert into licences (company_id, engine_id, code, serial, issued_at, expires_at)
  select company_id, id, 'LIC-' || device_id || '-' || kind, 1, now() - interval '30 days',
         now() + ((row_number() over ()) % 400 - 30) * interval '1 day'
  from engines where company_id = ${companyId}`);
const companyToken = await app.platform.sessions.create({ kind: 'company', subjectId: companyId });

// Console: a tenant with its four duties, then SEED users in the administrator's group.
const adminPassword = md5Hex('Bench#Admin2026');
const setup = await app.inject({
  method: 'POST',
  url: '/api/owner/n/reg',
  headers: { host: HOST },
  payload: {
    company: 'Bench Ltd',
    sysName: 'Bench',
    admin: { account: 'admin', name: 'admin', password: adminPassword },
    loginSet: { picCodeTag: false },
  },
});
if (!setup.json().success) throw new Error(`tenant setup failed: ${setup.body}`);
const admin = (await db.execute(
  sql`select tenant_id, group_id, role_id, password_hash from console_users where account = 'admin'`,
)) as unknown as {
  rows: { tenant_id: string; group_id: string | null; role_id: string; password_hash: string }[];
};
const a = admin.rows[0]!;
await db.execute(sql`
  insert into console_users (tenant_id, account, name, password_hash, group_id, job_no)
  select ${a.tenant_id}, 'user' || g, 'User ' || g, ${a.password_hash}, ${a.group_id}, 'J' || g
  from generate_series(1, ${SEED}) g`);
const login = await app.inject({
  method: 'POST',
  url: '/api/login/n/login',
  headers: { host: HOST },
  payload: { account: 'admin', password: adminPassword },
});
if (!login.json().success) throw new Error(`console login failed: ${login.body}`);

await app.listen({ port: config.PORT, host: '127.0.0.1' });
console.log(
  JSON.stringify({
    base: `http://127.0.0.1:${config.PORT}`,
    companyToken,
    adminToken: login.json().data.token,
    adminPassword,
    host: HOST,
    seed: SEED,
  }),
);
const stop = async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
