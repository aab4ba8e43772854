import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, testDriver, type TestContext } from './test/harness.ts';
import { as, setupTenant, signIn } from './test/console-fixture.ts';

const host = 'upkeep.example';
const WARNING = /more engines online than the embedded database holds/;
const state = { install: 'installed', detection: 'ok', activation: 'inactive', version: '1.0.0' };

// PGlite has no autovacuum of its own and holds fewer engines than PostgreSQL (issue 40): the
// server runs its upkeep and says when the fleet is past PGLITE_ENGINES_MAX. On PostgreSQL,
// neither: its own autovacuum does the upkeep, and the limit is not the embedded database's.
describe('the embedded database as the fleet grows', () => {
  let ctx: TestContext;
  const lines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ PGLITE_ENGINES_MAX: '1', LOG_LEVEL: 'warn' }, undefined, {
      write: (line) => void lines.push(line),
    });
    await setupTenant(ctx.app, host);
    const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    const groupId = (await admin<{ id: string }>('/user/group/add', { name: 'Plant' })).body.data!
      .id;
    const { secret } = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId })).body
      .data!;
    for (const name of ['upkeep-1', 'upkeep-2']) {
      const enrolled = await call<{ token: string }>(ctx.app, '/agent/enrol', {
        secret,
        identity: {
          name,
          ip: '10.1.2.3',
          systemType: 'Linux',
          version: '1.0.0',
          kind: 'TDE',
          fingerprint: randomBytes(32).toString('hex'),
        },
        state,
      });
      const checkedIn = await call(
        ctx.app,
        '/agent/checkin',
        { state },
        { authorization: `Bearer ${enrolled.body.data!.token}` },
      );
      expect(checkedIn.body.success).toBe(true);
    }
  }, 60_000);
  afterAll(() => ctx.close());

  it.runIf(testDriver === 'pglite')(
    'PGlite: the upkeep runs, and two engines online past a limit of one are told once',
    async () => {
      const { jobs } = ctx.app.platform;
      expect(jobs.names()).toContain('embedded-autovacuum');
      jobs.kick('embedded-autovacuum');
      await expect.poll(() => lines.filter((l) => WARNING.test(l)).length).toBe(1);
      const said = JSON.parse(lines.find((l) => WARNING.test(l))!);
      expect(said).toMatchObject({ level: 40, online: 2, max: 1 });
      expect(said.msg).toMatch(/DATABASE_URL/);
      // Not again within the hour, however often the pass runs.
      jobs.kick('embedded-autovacuum');
      jobs.kick('embedded-autovacuum');
      await new Promise((r) => setTimeout(r, 300));
      expect(lines.filter((l) => WARNING.test(l))).toHaveLength(1);
    },
  );

  it.runIf(testDriver === 'pg')('PostgreSQL: neither the upkeep nor the warning', async () => {
    expect(ctx.app.platform.jobs.names()).not.toContain('embedded-autovacuum');
    expect(lines.filter((l) => WARNING.test(l))).toHaveLength(0);
  });
});
