import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yieldBetweenStatements } from './pglite-yield.ts';

describe('PGlite transactions queued behind one another', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    yieldBetweenStatements(client, 20);
    await client.exec('create table t (id serial primary key, who int not null, v int not null)');
  });
  afterAll(() => client?.close());

  it('let a timer run while they go on, not only after the last', async () => {
    // 64 requests at once, each a transaction of eight statements, as engines enrolling are:
    // each waits for PGlite's lock, which the one before hands on as a promise continuation.
    const started = performance.now();
    let done = 0;
    const work = Array.from({ length: 64 }, (_, who) =>
      client.transaction(async (tx) => {
        for (let v = 0; v < 8; v++) {
          await tx.query('insert into t (who, v) values ($1, $2)', [who, v]);
        }
        done++;
      }),
    );
    const timer = await new Promise<{ lateMs: number; done: number }>((resolve) =>
      setTimeout(() => resolve({ lateMs: performance.now() - started, done }), 0),
    );
    await Promise.all(work);
    const tookMs = performance.now() - started;
    // Without the turns the timer runs once all 64 are done, as late as the whole work took.
    expect(timer.done).toBeLessThan(64);
    expect(timer.lateMs).toBeLessThan(tookMs / 2);
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from t');
    expect(rows[0]!.n).toBe(64 * 8);
  });
});
