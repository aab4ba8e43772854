import { createHash } from 'node:crypto';
import type { EngineKind } from '@edp/shared/constants';
import { AgentErr } from '@edp/shared/errors';
import type {
  InstallState,
  TEngineIdentity,
  TEngineStateInput,
} from '@edp/shared/contracts/engine';
import { ZCheckInAnswer, ZEnrolAnswer } from '@edp/shared/contracts/agent';
import { checkIn as checkInCall, enrol as enrolCall } from '@edp/shared/api/engine/agent.calls';
import { NetworkError, ProtocolClient, type Answer } from './client.ts';
import { Histogram } from './histogram.ts';
import { ENGINE_VERSION } from './identity.ts';
import { backoffMs, jittered, type Log } from './engine.ts';

/**
 * Many engines in one process (docs/engines-agent.md "Simulator"): the same protocol as the
 * engine, no file work. Enrols N engines with bounded concurrency, then spreads their check-ins
 * uniformly over the interval and keeps them going, each obeying its answered interval (±10 %).
 */
export interface SimulatorOptions {
  url: string;
  secret: string;
  count: number;
  /** Seconds over which first check-ins are spread (default 30); answers set the rest. */
  interval?: number;
  /**
   * Check in every `interval` seconds whatever the console answers (a load test that wants a
   * given rate from fewer devices). Default: obey the answered interval, as engines do.
   */
  holdInterval?: boolean;
  /** Share of engines that stop checking in at some point of the run (default 0.02). */
  offlineShare?: number;
  /** Stop the check-ins after this many seconds (default: when stopped). */
  durationSeconds?: number;
  /** Report every this many seconds (default: never). */
  reportSeconds?: number;
  /** Enrolments at once (default 16). */
  enrolConcurrency?: number;
  /** Connections in the pool (default: sized for count / interval). */
  connections?: number;
  /** Same seed, same engines and fingerprints (default "edp-sim"): a rerun re-uses devices. */
  seed?: string;
  timeoutMs?: number;
  log?: Log;
  onReport?: (report: SimReport) => void;
  signal?: AbortSignal;
}

type Latency = ReturnType<Histogram['summary']>;

export interface SimReport {
  elapsedSeconds: number;
  /** Check-ins sent in this report's window and their answers. */
  window: { sent: number; ok: number; errors: Record<string, number>; latencyMs: Latency };
  total: { sent: number; ok: number; errors: Record<string, number> };
  online: number;
}

export interface SimSummary {
  count: number;
  enrolled: number;
  enrolErrors: Record<string, number>;
  enrolLatencyMs: Latency;
  checkIns: { sent: number; ok: number; failed: number; errors: Record<string, number> };
  latencyMs: Latency;
  /** Engines that went offline on purpose, and those stopped by the console (-10101/-10102). */
  wentOffline: number;
  stoppedByConsole: number;
  durationSeconds: number;
  /** Check-ins sent per second over the check-in phase. */
  rate: number;
  connections: number;
}

interface SimEngine {
  index: number;
  identity: TEngineIdentity;
  state: TEngineStateInput;
  token?: string;
  interval: number;
  failures: number;
  offlineAt?: number;
  stopped: boolean;
  timer?: NodeJS.Timeout;
}

/** A small seeded generator (mulberry32): the same seed makes the same fleet. */
function seeded(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of weighted) {
    r -= w;
    if (r < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

const KINDS: readonly (readonly [EngineKind, number])[] = [
  ['TDE', 45],
  ['DPI', 35],
  ['DI', 10],
  ['PWE', 5],
  ['PWO', 5],
];

/** [system type, kernel, Windows?] as real engines report them. */
const SYSTEMS: readonly (readonly [readonly [string, string, boolean], number])[] = [
  [['Ubuntu 22.04.4 LTS', '5.15.0-105-generic', false], 18],
  [['Ubuntu 20.04.6 LTS', '5.4.0-173-generic', false], 8],
  [['Debian GNU/Linux 12 (bookworm)', '6.1.0-18-amd64', false], 10],
  [['Red Hat Enterprise Linux 8.9 (Ootpa)', '4.18.0-513.11.1.el8_9.x86_64', false], 12],
  [['Rocky Linux 9.3 (Blue Onyx)', '5.14.0-362.8.1.el9_3.x86_64', false], 8],
  [['CentOS Linux 7 (Core)', '3.10.0-1160.108.1.el7.x86_64', false], 10],
  [['Kylin Linux Advanced Server V10 (Lance)', '4.19.90-52.22.v2207.ky10.x86_64', false], 8],
  [['Windows Server 2022 Datacenter', '10.0.20348', true], 10],
  [['Windows Server 2019 Standard', '10.0.17763', true], 12],
  [['Windows Server 2016 Standard', '10.0.14393', true], 4],
];

const INSTALLS: readonly (readonly [InstallState, number])[] = [
  ['installed', 94],
  ['installing', 3],
  ['failed', 2],
  ['none', 1],
];

const DAY = 86_400_000;

/** One simulated engine: who it is and the state it reports. */
export function simulatedEngine(seed: string, index: number, now = Date.now()) {
  const random = seeded(`${seed}/${index}`);
  const kind = pick(random, KINDS);
  const [systemType, kernel, windows] = pick(random, SYSTEMS);
  const install = pick(random, INSTALLS);
  const n = index + 1;
  const identity: TEngineIdentity = {
    name: `sim-${kind.toLowerCase()}-${String(index).padStart(6, '0')}`,
    number: `SIM${String(index).padStart(6, '0')}`,
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    systemType,
    kernel,
    version: random() < 0.85 ? ENGINE_VERSION : '0.0.9',
    kind,
    port: null,
    collectorIp: null,
    qid: '',
    fingerprint: createHash('sha256').update(`edp-sim/${seed}/${index}`).digest('hex'),
  };
  const running = install === 'installed';
  // Licences: most valid for months, some near expiry, a few expired, some engines without one.
  let licence: TEngineStateInput['licence'] = null;
  if (running && random() < 0.85) {
    const r = random();
    const days =
      r < 0.8 ? 31 + random() * 330 : r < 0.93 ? 1 + random() * 28 : -(1 + random() * 60);
    licence = { serial: 1 + Math.floor(random() * 4), expiresAt: new Date(now + days * DAY) };
  }
  const active = !!licence && new Date(licence.expiresAt as Date).getTime() > now;
  const mode = kind === 'TDE' ? 'tde' : kind === 'DPI' || kind === 'DI' ? 'dpi' : undefined;
  const dirs = active && mode ? 1 + Math.floor(random() * 3) : 0;
  const roots = windows
    ? ['D:\\Data', 'E:\\Finance', 'D:\\Apps']
    : ['/data', '/srv/app', '/opt/erp'];
  const state: TEngineStateInput = {
    install,
    detection: running && random() < 0.98 ? 'ok' : 'none',
    activation: active ? 'active' : 'inactive',
    version: identity.version,
    protected: Array.from({ length: dirs }, (_, d) => ({
      path: roots[d]!,
      mode: mode!,
      files: Math.floor(10 + random() ** 3 * 50_000),
    })),
    licence,
  };
  return { identity, state };
}

const errorKey = (a: Answer) =>
  a.envelope ? String(a.envelope.errCode) : `http-${a.status || 'none'}`;

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

export interface Simulator {
  /** Enrols, runs the check-ins until the duration, stop() or the signal, and summarises. */
  run(): Promise<SimSummary>;
  stop(): void;
}

export function createSimulator(opts: SimulatorOptions): Simulator {
  const seed = opts.seed ?? 'edp-sim';
  const spread = Math.max(1, opts.interval ?? 30);
  const log = opts.log ?? ((line: string) => console.error(line));
  const connections =
    opts.connections ?? Math.min(256, Math.max(4, Math.ceil(opts.count / spread / 40) + 2));
  const client = new ProtocolClient(opts.url, { connections, timeoutMs: opts.timeoutMs });
  const random = seeded(`${seed}/schedule/${Date.now()}`);
  const engines: SimEngine[] = [];
  const enrolErrors: Record<string, number> = {};
  const enrolLatency = new Histogram();
  const total = { sent: 0, ok: 0, errors: {} as Record<string, number> };
  const latency = new Histogram();
  let window = { sent: 0, ok: 0, errors: {} as Record<string, number>, latency: new Histogram() };
  let inFlight = 0;
  let wentOffline = 0;
  let stoppedByConsole = 0;
  let stopping = false;
  let intervalNoted = false;
  let wake: (() => void) | undefined;
  const stop = () => {
    stopping = true;
    for (const e of engines) clearTimeout(e.timer);
    wake?.();
  };
  opts.signal?.addEventListener('abort', stop, { once: true });

  async function enrolOne(e: SimEngine): Promise<void> {
    for (let attempt = 1; attempt <= 3 && !stopping; attempt++) {
      try {
        const a = await client.post(enrolCall, {
          secret: opts.secret,
          identity: e.identity,
          state: e.state,
        });
        enrolLatency.record(a.latencyMs);
        const data = ZEnrolAnswer.safeParse(a.envelope?.data);
        if (a.envelope?.success && data.success) {
          e.token = data.data.token;
          return;
        }
        bump(enrolErrors, errorKey(a));
        if (a.status !== 429 && a.status < 500) return;
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        bump(enrolErrors, 'network');
      }
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }

  function schedule(e: SimEngine, ms: number): void {
    if (stopping || e.stopped) return;
    e.timer = setTimeout(() => void checkIn(e), ms);
  }

  async function checkIn(e: SimEngine): Promise<void> {
    if (stopping || e.stopped) return;
    if (e.offlineAt !== undefined && Date.now() >= e.offlineAt) {
      e.stopped = true;
      wentOffline++;
      return;
    }
    total.sent++;
    window.sent++;
    inFlight++;
    let next: number;
    try {
      const a = await client.post(checkInCall, { state: e.state }, e.token);
      latency.record(a.latencyMs);
      window.latency.record(a.latencyMs);
      const data = ZCheckInAnswer.safeParse(a.envelope?.data);
      if (a.envelope?.success && data.success) {
        total.ok++;
        window.ok++;
        e.failures = 0;
        if (!opts.holdInterval) {
          if (data.data.interval !== spread && !intervalNoted) {
            intervalNoted = true;
            log(`the console answers an interval of ${data.data.interval} s; engines follow it`);
          }
          e.interval = Math.max(1, data.data.interval);
        }
        next = jittered(e.interval * 1000, random);
      } else {
        const key = errorKey(a);
        bump(total.errors, key);
        bump(window.errors, key);
        e.failures++;
        const code = a.envelope?.errCode;
        if (code === AgentErr.TokenInvalid || code === AgentErr.DeviceDeprecated) {
          e.stopped = true;
          stoppedByConsole++;
          return;
        }
        next =
          a.status === 429 || code === AgentErr.CheckInTooSoon
            ? Math.max(
                (a.retryAfter ?? 0) * 1000,
                backoffMs(e.failures + 1, e.interval * 1000, 300_000, random),
              )
            : backoffMs(e.failures, 5_000, 300_000, random);
      }
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      bump(total.errors, 'network');
      bump(window.errors, 'network');
      e.failures++;
      next = backoffMs(e.failures, 5_000, 300_000, random);
    } finally {
      inFlight--;
      if (stopping && inFlight === 0) wake?.();
    }
    schedule(e, next);
  }

  async function run(): Promise<SimSummary> {
    const now = Date.now();
    for (let i = 0; i < opts.count; i++) {
      const { identity, state } = simulatedEngine(seed, i, now);
      engines.push({ index: i, identity, state, interval: spread, failures: 0, stopped: false });
    }
    // Enrolment: a fixed number at once.
    const started = performance.now();
    let nextIndex = 0;
    const workers = Array.from(
      { length: Math.min(opts.enrolConcurrency ?? 16, opts.count) },
      async () => {
        while (!stopping && nextIndex < engines.length) await enrolOne(engines[nextIndex++]!);
      },
    );
    await Promise.all(workers);
    const enrolled = engines.filter((e) => e.token);
    log(
      `enrolled ${enrolled.length}/${opts.count} in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        (Object.keys(enrolErrors).length ? `; errors ${JSON.stringify(enrolErrors)}` : ''),
    );

    // Check-ins: the first spread uniformly over the interval, then each engine on its own.
    const phaseStart = Date.now();
    const duration = opts.durationSeconds ? opts.durationSeconds * 1000 : undefined;
    const offlineShare = opts.offlineShare ?? 0.02;
    for (const e of enrolled) {
      if (random() < offlineShare) {
        const horizon = duration ?? spread * 10_000;
        e.offlineAt = phaseStart + horizon * (0.2 + 0.6 * random());
      }
      schedule(e, random() * spread * 1000);
    }
    const reporter = opts.reportSeconds
      ? setInterval(() => {
          const report: SimReport = {
            elapsedSeconds: Math.round((Date.now() - phaseStart) / 1000),
            window: {
              sent: window.sent,
              ok: window.ok,
              errors: window.errors,
              latencyMs: window.latency.summary(),
            },
            total: { sent: total.sent, ok: total.ok, errors: { ...total.errors } },
            online: enrolled.filter((e) => !e.stopped).length,
          };
          window = { sent: 0, ok: 0, errors: {}, latency: new Histogram() };
          if (opts.onReport) opts.onReport(report);
          else log(formatReport(report, opts.reportSeconds!));
        }, opts.reportSeconds * 1000)
      : undefined;
    const endTimer = duration ? setTimeout(stop, duration) : undefined;
    await new Promise<void>((resolve) => {
      wake = () => {
        if (stopping && inFlight === 0) resolve();
      };
      if (stopping || enrolled.length === 0) {
        stopping = true;
        wake();
      }
    });
    clearInterval(reporter);
    clearTimeout(endTimer);
    client.close();
    const seconds = (Date.now() - phaseStart) / 1000;
    const failed = Object.values(total.errors).reduce((s, n) => s + n, 0);
    return {
      count: opts.count,
      enrolled: enrolled.length,
      enrolErrors,
      enrolLatencyMs: enrolLatency.summary(),
      checkIns: { sent: total.sent, ok: total.ok, failed, errors: total.errors },
      latencyMs: latency.summary(),
      wentOffline,
      stoppedByConsole,
      durationSeconds: Math.round(seconds * 100) / 100,
      rate: Math.round((total.sent / Math.max(seconds, 0.001)) * 10) / 10,
      connections,
    };
  }

  return { run, stop };
}

export function formatReport(r: SimReport, every: number): string {
  const l = r.window.latencyMs;
  const errors = Object.entries(r.window.errors)
    .map(([k, n]) => `${k}:${n}`)
    .join(' ');
  return (
    `t=${r.elapsedSeconds}s sent=${r.window.sent} (${(r.window.sent / every).toFixed(1)}/s) ok=${r.window.ok}` +
    ` errors=[${errors}] latency ms p50=${l.p50} p95=${l.p95} p99=${l.p99} max=${l.max}` +
    ` total=${r.total.sent} online=${r.online}`
  );
}
