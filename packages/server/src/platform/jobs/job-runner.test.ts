import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { metricsRegistry } from '../metrics/index.ts';
import { freshPostgres, testDriver } from '../../test/harness.ts';
import { jobRunner, type JobDefinition } from './job-runner.ts';

/** Log lines the runner wrote, as a caller of the log would see them. */
function recordingLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = '') =>
      void lines.push({ level, obj, msg });
  const log = {
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
  } as never;
  return { log, lines };
}

const runners: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
});

function runner(db = {} as Db) {
  const metrics = metricsRegistry();
  const { log, lines } = recordingLog();
  const jobs = jobRunner({ db, log, metrics });
  runners.push(jobs);
  const counted = async (job: string, result: string) => {
    const m = await metrics.registry.getSingleMetric('edp_job_runs_total')!.get();
    return m.values.find((v) => v.labels.job === job && v.labels.result === result)?.value ?? 0;
  };
  return { jobs, lines, counted };
}

// No database is touched but in the last test: the others run once, in the PGlite run.
describe.runIf(testDriver === 'pglite')('the job runner', () => {
  it('runs a job at start and then at its interval, never two runs of it at once', async () => {
    const { jobs, counted } = runner();
    let active = 0;
    let most = 0;
    const starts: number[] = [];
    jobs.register({
      name: 'slow',
      everyMs: 20,
      atStart: true,
      run: async () => {
        starts.push(performance.now());
        most = Math.max(most, ++active);
        await sleep(30);
        active--;
      },
    });
    jobs.start();
    await sleep(15);
    expect(starts).toHaveLength(1); // at start, not after the first interval
    await sleep(250);
    expect(most).toBe(1);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    // Each wait is 20 ms ± 10 % after a 30 ms run: never closer than 30 + 18 ms.
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(47);
    }
    await jobs.stop();
    expect(await counted('slow', 'ok')).toBe(starts.length);
  });

  it('logs a failure once with the job name, counts it, and runs again at the next turn', async () => {
    const { jobs, lines, counted } = runner();
    let calls = 0;
    jobs.register({
      name: 'flaky',
      everyMs: 10,
      atStart: true,
      run: async () => {
        if (++calls === 1) throw new Error('the database went away');
      },
    });
    jobs.start();
    await sleep(200);
    await jobs.stop();
    expect(calls).toBeGreaterThanOrEqual(3);
    const failures = lines.filter((l) => l.level === 'warn');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.obj.job).toBe('flaky');
    expect(String(failures[0]!.obj.err)).toContain('the database went away');
    expect(await counted('flaky', 'failed')).toBe(1);
    expect(await counted('flaky', 'ok')).toBe(calls - 1);
  });

  it('runs a kicked job at once, or right after the run under way', async () => {
    const { jobs } = runner();
    const runs: number[] = [];
    let release: () => void = () => {};
    jobs.register({
      name: 'queue',
      everyMs: 60_000,
      run: async () => {
        runs.push(runs.length);
        if (runs.length === 1) await new Promise<void>((r) => (release = r));
      },
    });
    jobs.start();
    jobs.kick('queue');
    await sleep(10);
    expect(runs).toHaveLength(1);
    jobs.kick('queue'); // during the first run: one more follows it
    jobs.kick('queue');
    release();
    await sleep(20);
    expect(runs).toHaveLength(2);
  });

  it('stops: the run under way is told and waited for up to its deadline, then onStop runs', async () => {
    const { jobs } = runner();
    const seen: string[] = [];
    const def = (name: string, ms: number): JobDefinition => ({
      name,
      everyMs: 60_000,
      atStart: true,
      stopWaitMs: 50,
      run: async (signal) => {
        seen.push(`${name} started`);
        await new Promise<void>((r) => {
          signal.addEventListener('abort', () => void setTimeout(r, ms));
        });
        seen.push(`${name} ended`);
      },
      onStop: async () => void seen.push(`${name} onStop`),
    });
    jobs.register(def('quick', 5)); // ends 5 ms after being told
    jobs.register(def('stuck', 10_000)); // outlives its 50 ms
    jobs.start();
    await sleep(10);
    const t0 = performance.now();
    await jobs.stop();
    const took = performance.now() - t0;
    expect(took).toBeLessThan(1_000);
    expect(took).toBeGreaterThanOrEqual(45);
    expect(seen).toContain('quick ended');
    expect(seen).not.toContain('stuck ended');
    expect(seen.indexOf('quick onStop')).toBeGreaterThan(seen.indexOf('quick ended'));
    expect(seen).toContain('stuck onStop');
    const before = seen.length;
    await sleep(30);
    expect(seen.filter((s) => s.endsWith('started'))).toHaveLength(2);
    expect(seen.length).toBe(before);
  });

  it('pauses one job for a test to drive and resumes it', async () => {
    const { jobs } = runner();
    let a = 0;
    let b = 0;
    jobs.register({ name: 'a', everyMs: 5, run: async () => void a++ });
    jobs.register({ name: 'b', everyMs: 5, run: async () => void b++ });
    jobs.start();
    await jobs.pause('a', 0);
    const [a0, b0] = [a, b];
    await sleep(50);
    expect(a).toBe(a0);
    expect(b).toBeGreaterThan(b0);
    jobs.resume('a');
    await sleep(50);
    expect(a).toBeGreaterThan(a0);
    expect(() => jobs.kick('nope')).toThrow(/no job nope/);
  });
});

describe.runIf(testDriver === 'pg')('the job runner on PostgreSQL', () => {
  it('runs an exclusive job on one node at a time; the other skips its turn', async () => {
    const database = await freshPostgres();
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: database.url, max: 2 }));
    try {
      let active = 0;
      let most = 0;
      const nodes = pools.map((pool) => runner(drizzle(pool) as unknown as Db));
      for (const { jobs } of nodes) {
        jobs.register({
          name: 'leader',
          everyMs: 5,
          atStart: true,
          exclusive: 0x6a6f6273,
          run: async () => {
            most = Math.max(most, ++active);
            await sleep(40);
            active--;
          },
        });
        jobs.start();
      }
      await sleep(400);
      for (const { jobs } of nodes) await jobs.stop();
      expect(most).toBe(1);
      const ok =
        (await nodes[0]!.counted('leader', 'ok')) + (await nodes[1]!.counted('leader', 'ok'));
      const skipped =
        (await nodes[0]!.counted('leader', 'skipped')) +
        (await nodes[1]!.counted('leader', 'skipped'));
      expect(ok).toBeGreaterThanOrEqual(3);
      expect(skipped).toBeGreaterThanOrEqual(1);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await database.drop();
    }
  });
});
