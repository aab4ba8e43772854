import { Counter, Histogram } from 'prom-client';
import { whileExclusive, type Db } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics/index.ts';

/** One periodic background job (docs/architecture.md §2, "Background work"). */
export interface JobDefinition {
  /** Its name in the log and on `/metrics` (`edp_job_runs_total{job}`). */
  name: string;
  /** Time between the end of one run and the start of the next, before jitter. */
  everyMs: number;
  /**
   * Each wait is `everyMs` times a random factor in [1 - jitter, 1 + jitter] (default 0.1), so
   * that the nodes of a cluster started together do not run their jobs in step.
   */
  jitter?: number;
  /** Runs once as the runner starts (not waited for), then every `everyMs`. */
  atStart?: boolean;
  /**
   * A PostgreSQL advisory lock key: a run starts only on the node that takes the lock, and the
   * others skip that turn (`result="skipped"`). Omitted where every node shares the work.
   */
  exclusive?: number;
  /** How long `stop` waits for a run under way (default 3 s); what is cut short runs again later. */
  stopWaitMs?: number;
  /** Runs after the loop stopped and any run under way ended: a last flush, say. */
  onStop?: () => Promise<void>;
  /** One run; `signal` is aborted when the runner stops (or the job is paused) mid-run. */
  run: (signal: AbortSignal) => Promise<unknown>;
}

const DEFAULT_JITTER = 0.1;
const DEFAULT_STOP_WAIT_MS = 3_000;

/**
 * The one runner of the server's background loops: each job runs on its own timer, never two
 * runs of a job at once, a failure logged once with the job's name and counted, and a stop that
 * waits for runs under way up to each job's deadline. Periodic passes only: work that must
 * outlive a node (the report queue, the notification deliveries) is kept in its owner's tables,
 * which the passes read (docs/decisions.md, "One job runner").
 */
export function jobRunner(deps: { db: Db; log: Logger; metrics: Metrics }) {
  const { db, log } = deps;
  const registers = [deps.metrics.registry];
  const runs = new Counter({
    name: 'edp_job_runs_total',
    help: 'Background job runs by job and result (ok, failed, skipped: another node held it)',
    labelNames: ['job', 'result'],
    registers,
  });
  const seconds = new Histogram({
    name: 'edp_job_duration_seconds',
    help: 'How long background job runs took',
    labelNames: ['job'],
    buckets: [0.001, 0.01, 0.1, 0.5, 1, 5, 30, 120],
    registers,
  });

  interface Entry {
    def: JobDefinition;
    timer?: NodeJS.Timeout;
    running?: Promise<void>;
    /** Aborted by stop or pause; a new one for each start or resume. */
    abort: AbortController;
    paused: boolean;
    /** Kicked during a run: another run follows at once. */
    again: boolean;
  }
  const jobs = new Map<string, Entry>();
  let started = false;
  let stopping = false;

  async function runOnce(entry: Entry) {
    const { def } = entry;
    const end = seconds.startTimer({ job: def.name });
    try {
      let ran = true;
      const { signal } = entry.abort;
      if (def.exclusive === undefined) await def.run(signal);
      else ran = await whileExclusive(db, def.exclusive, async () => void (await def.run(signal)));
      runs.inc({ job: def.name, result: ran ? 'ok' : 'skipped' });
    } catch (err) {
      runs.inc({ job: def.name, result: 'failed' });
      log.warn({ err, job: def.name }, 'background job failed; it runs again at its next turn');
    } finally {
      end();
    }
  }

  function schedule(entry: Entry, ms: number) {
    clearTimeout(entry.timer);
    if (stopping || !started || entry.paused) return;
    entry.timer = setTimeout(() => void turn(entry), ms).unref();
  }
  function waitOf(def: JobDefinition) {
    const j = def.jitter ?? DEFAULT_JITTER;
    return Math.max(0, Math.round(def.everyMs * (1 + j * (2 * Math.random() - 1))));
  }
  async function turn(entry: Entry) {
    if (stopping || entry.paused || entry.running) return;
    entry.again = false;
    entry.running = runOnce(entry).finally(() => (entry.running = undefined));
    await entry.running;
    schedule(entry, entry.again ? 0 : waitOf(entry.def));
  }
  /** Waits for a run under way, at most `ms`. */
  const settled = (entry: Entry, ms: number) =>
    Promise.race([entry.running, new Promise((r) => setTimeout(r, ms).unref())]);
  const entryOf = (name: string) => {
    const entry = jobs.get(name);
    if (!entry) throw new Error(`no job ${name}`);
    return entry;
  };

  return {
    /** Adds a job; registered before `start` (jobs.ts registers them all in one place). */
    register(def: JobDefinition) {
      if (jobs.has(def.name)) throw new Error(`job ${def.name} registered twice`);
      const entry: Entry = { def, abort: new AbortController(), paused: false, again: false };
      jobs.set(def.name, entry);
      if (started) schedule(entry, def.atStart ? 0 : waitOf(def));
    },
    /** Starts every job's timer (and the runs at start). */
    start() {
      if (started) return;
      started = true;
      stopping = false;
      for (const entry of jobs.values()) {
        entry.abort = new AbortController();
        schedule(entry, entry.def.atStart ? 0 : waitOf(entry.def));
      }
    },
    /** Runs the job now, or right after the run under way (new work was queued, say). */
    kick(name: string) {
      const entry = entryOf(name);
      if (entry.running) entry.again = true;
      else schedule(entry, 0);
    },
    /**
     * Holds one job (tests drive its passes themselves): its timer stops, a run under way is
     * told to end and waited for at most `waitMs`.
     */
    async pause(name: string, waitMs = DEFAULT_STOP_WAIT_MS) {
      const entry = entryOf(name);
      entry.paused = true;
      clearTimeout(entry.timer);
      entry.abort.abort();
      await settled(entry, waitMs);
    },
    /** Lets a paused job run again, at its next turn. */
    resume(name: string) {
      const entry = entryOf(name);
      entry.paused = false;
      entry.abort = new AbortController();
      schedule(entry, waitOf(entry.def));
    },
    /**
     * Stops every timer, waits for the runs under way (each at most its `stopWaitMs`), then runs
     * each job's `onStop`.
     */
    async stop() {
      stopping = true;
      started = false;
      await Promise.all(
        [...jobs.values()].map(async (entry) => {
          clearTimeout(entry.timer);
          entry.timer = undefined;
          entry.abort.abort();
          await settled(entry, entry.def.stopWaitMs ?? DEFAULT_STOP_WAIT_MS);
          if (entry.def.onStop) {
            await entry.def
              .onStop()
              .catch((err: unknown) =>
                log.warn({ err, job: entry.def.name }, 'background job did not stop cleanly'),
              );
          }
        }),
      );
    },
    /** The names registered (tests, and the log at start). */
    names: () => [...jobs.keys()],
  };
}
export type JobRunner = ReturnType<typeof jobRunner>;
