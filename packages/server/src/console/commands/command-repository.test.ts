import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { commandRepository, type CommandRepository } from './command-repository.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** Why the batches that failed failed, in PostgreSQL's words. */
const refusals = (settled: PromiseSettledResult<unknown>[]) =>
  settled.flatMap((s) => {
    if (s.status === 'fulfilled') return [];
    const err = s.reason as Error & { cause?: Error };
    return [err.cause?.message ?? err.message];
  });
const shuffled = <T>(list: T[]) =>
  list
    .map((v) => [Math.random(), v] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);

/**
 * Many check-ins and results at once over the commands of two tasks (docs/commands.md): the
 * node's batches overlap (a device's stream delivery and its check-in, a result sent twice), and
 * on PostgreSQL they run side by side. Each batch must succeed, and each command move once. On
 * PostgreSQL, batches that locked their rows in the order their plans met them deadlocked here
 * (8 of the 16 deliveries refused with `deadlock detected`).
 */
describe('command repository: overlapping batches at once', () => {
  let ctx: TestContext;
  let repo: CommandRepository;
  const devices: string[] = [];
  const commandOf = new Map<string, string>();
  const tasks = [randomUUID(), randomUUID()];
  const now = new Date('2026-11-30T08:00:00Z');

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.app.platform.db;
    repo = commandRepository(db);
    const tenant = randomUUID();
    const group = randomUUID();
    await db.execute(sql`insert into tenants (id, domain) values (${tenant}, 'batches.example')`);
    await db.execute(sql`insert into console_groups (id, tenant_id, name, level, path)
      values (${group}, ${tenant}, 'All', 1, ${`/${group}`})`);
    const made = await db.execute(sql`
      insert into devices (tenant_id, group_id, name, kind)
      select ${tenant}, ${group}, 'd-' || g, 'TDE' from generate_series(1, 1200) g
      returning id`);
    devices.push(...rowsOf<{ id: string }>(made).map((r) => r.id));
    for (const task of tasks)
      await db.execute(sql`
        insert into tasks (id, tenant_id, name, type, args, target, group_ids, created_by,
          created_at, updated_at, expires_at, total, waiting)
        values (${task}, ${tenant}, 'protect', 'dpi.folder.add', '{}', '{}', '{}', 'op',
          ${now}, ${now}, ${new Date(now.getTime() + 3_600_000)}, 600, 600)`);
    const written = await db.execute(sql`
      insert into commands (id, tenant_id, task_id, device_id, type, args, state, created_by,
        created_at, deadline)
      select gen_random_uuid(), ${tenant},
        (${`{${tasks.join(',')}}`}::uuid[])[(d.n % 2) + 1], d.id, 'dpi.folder.add', '{}',
        'waiting', 'op', ${now}, ${new Date(now.getTime() + 3_600_000)}
      from unnest(${`{${devices.join(',')}}`}::uuid[]) with ordinality as d(id, n)
      returning id, device_id`);
    for (const c of rowsOf<{ id: string; device_id: string }>(written))
      commandOf.set(c.device_id, c.id);
  });
  afterAll(() => ctx?.close());

  const counters = async () =>
    rowsOf<{ total: number; waiting: number; processing: number; finished: number }>(
      await ctx.app.platform.db.execute(sql`
        select total, waiting, processing, finished from tasks
        where id = any(${`{${tasks.join(',')}}`}::uuid[]) order by id`),
    );

  it('delivers and ends each command once, however the batches overlap', async () => {
    const sizes = [5, 50, 400, 1200];
    const delivering = Array.from({ length: 16 }, (_, i) =>
      shuffled(devices).slice(0, sizes[i % sizes.length]),
    );
    const delivered = await Promise.allSettled(delivering.map((b) => repo.deliver(b, now)));
    expect(refusals(delivered)).toEqual([]);
    // Every device was in a batch of 1,200: each of its commands went out, and is processing
    // once in its task's counters.
    const sent = new Set(
      delivered.flatMap((d) => (d.status === 'fulfilled' ? d.value.map((c) => c.id) : [])),
    );
    expect(sent.size).toBe(devices.length);
    expect(await counters()).toEqual([
      { total: 600, waiting: 0, processing: 600, finished: 0 },
      { total: 600, waiting: 0, processing: 600, finished: 0 },
    ]);

    // Each result in two batches (a lost acknowledgement): ended once.
    const answering = Array.from({ length: 8 }, (_, i) =>
      shuffled(devices)
        .slice(0, i % 2 ? 1200 : 300)
        .map((deviceId) => ({
          id: commandOf.get(deviceId)!,
          deviceId,
          code: 0,
          message: 'ok',
          detail: null,
        })),
    );
    const answered = await Promise.allSettled(answering.map((b) => repo.applyResults(b, now)));
    expect(refusals(answered)).toEqual([]);
    const ended = answered.flatMap((a) =>
      a.status === 'fulfilled' ? a.value.map((m) => m.id) : [],
    );
    expect(ended).toHaveLength(devices.length);
    expect(new Set(ended).size).toBe(devices.length);
    expect(await counters()).toEqual([
      { total: 600, waiting: 0, processing: 0, finished: 600 },
      { total: 600, waiting: 0, processing: 0, finished: 600 },
    ]);
  });
});
