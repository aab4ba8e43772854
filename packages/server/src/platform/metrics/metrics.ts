import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The server's Prometheus metrics (prom-client), one registry per app: request rate and latency
 * by route, check-ins, enrolments, engines online, the presence flush, and the database pool.
 * `GET /metrics` (platform/http/metrics-routes.ts) answers them to the METRICS_TOKEN holder.
 */
export function metricsRegistry() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'edp_' });
  const m = {
    registry,
    requests: new Histogram({
      name: 'edp_http_request_duration_seconds',
      help: 'Requests by route, method and status class, and how long they took',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    checkIns: new Counter({
      name: 'edp_engine_checkins_total',
      help: 'Engine check-ins by result (ok, state: ok with a changed state written, refused)',
      labelNames: ['result'],
      registers: [registry],
    }),
    enrolments: new Counter({
      name: 'edp_engine_enrolments_total',
      help: 'Engine enrolments that got a device token',
      registers: [registry],
    }),
    streamsRefused: new Counter({
      name: 'edp_push_streams_refused_total',
      help: 'Push streams refused (503 with Retry-After) to keep the margin of open files',
      registers: [registry],
    }),
    flushRows: new Histogram({
      name: 'edp_presence_flush_rows',
      help: 'Rows (last-seen times and heartbeat hours) written per presence flush',
      buckets: [0, 10, 100, 500, 1000, 5000, 20000],
      registers: [registry],
    }),
    flushSeconds: new Histogram({
      name: 'edp_presence_flush_seconds',
      help: 'How long a presence flush took',
      buckets: [0.005, 0.025, 0.1, 0.25, 1, 5],
      registers: [registry],
    }),
  };
  return m;
}
export type Metrics = ReturnType<typeof metricsRegistry>;

/**
 * The file limit's gauges (platform/files): the streams this node holds at most. The files open
 * and the limit itself are prom-client's edp_process_open_fds and edp_process_max_fds (Linux).
 */
export function fileGauges(metrics: Metrics, files: { streamsMax: number }) {
  if (!Number.isFinite(files.streamsMax)) return;
  new Gauge({
    name: 'edp_push_streams_max',
    help: 'Push streams this node holds at most: its open-file limit less the margin kept for everything else',
    registers: [metrics.registry],
    collect() {
      this.set(files.streamsMax);
    },
  });
}

/** Gauges read when scraped: what the app holds at that moment. */
export function gaugesOf(
  metrics: Metrics,
  read: {
    enginesOnline: () => number;
    presencePending: () => number;
    pushStreams: () => number;
    poolUse?: (() => { total: number; idle: number; waiting: number }) | undefined;
  },
) {
  const registers = [metrics.registry];
  new Gauge({
    name: 'edp_engines_online',
    help: 'Engines that checked in at this node within three intervals',
    registers,
    collect() {
      this.set(read.enginesOnline());
    },
  });
  new Gauge({
    name: 'edp_presence_pending',
    help: 'Last-seen times waiting for the next flush (the flush lag, in devices)',
    registers,
    collect() {
      this.set(read.presencePending());
    },
  });
  new Gauge({
    name: 'edp_push_streams',
    help: "Engines' push streams this node holds",
    registers,
    collect() {
      this.set(read.pushStreams());
    },
  });
  const pool = read.poolUse;
  if (pool) {
    new Gauge({
      name: 'edp_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'],
      registers,
      collect() {
        const use = pool();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }
}
