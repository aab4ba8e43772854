import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createHash } from 'node:crypto';
import type { EngineKind } from '@edp/shared/constants';
import { AgentErr } from '@edp/shared/errors';
import type {
  InstallState,
  TEngineIdentity,
  TEngineStateInput,
} from '@edp/shared/contracts/engine';
import {
  RESULTS_MAX,
  ZCheckInAnswer,
  ZEnrolAnswer,
  ZEscrowAnswer,
  ZResultsAnswer,
  type TCommandResult,
  type TEngineCommand,
  type TEscrowKey,
} from '@edp/shared/contracts/agent';
import {
  checkIn as checkInCall,
  enrol as enrolCall,
  escrowKeys,
  sendResults,
} from '@edp/shared/api/engine/agent.calls';
import { peekWindow } from '@edp/shared/window/console-window';
import { COMMAND_ARGS } from '@edp/shared/contracts/commands';
import { NetworkError, ProtocolClient, type Answer } from './client.ts';
import { Histogram } from './histogram.ts';
import { ENGINE_VERSION, enrolProof, seededEngineKey } from './identity.ts';
import { backoffMs, jittered } from './backoff.ts';
import type { Log } from './engine.ts';
import { PushStream } from './push.ts';
import { simulatedLicence } from './simulated-licence.ts';
import { formatLogs, SimLogs, type SimLogFigures } from './sim-logs.ts';
import { ageFileNative, NativeX25519Recipient } from './age-x25519.ts';

/**
 * Many engines in one process (docs/engines-agent.md "Simulator"): the same protocol as the
 * engine, no file work. Enrols N engines with bounded concurrency, then spreads their check-ins
 * uniformly over the interval and keeps them going, each obeying its answered interval (±10 %).
 * Each holds the push stream (unless `push: false`), checks in when nudged, "runs" the commands
 * it is given at once (code 0, a detail that parses with the contract's answer for the
 * synchronous types) and sends their results with the results call.
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
  /** Hold a push stream per engine (default true). */
  push?: boolean;
  /**
   * Take commands on the stream (`?commands=1`, default true); false: engines from before,
   * which the stream only asks to check in.
   */
  streamCommands?: boolean;
  /** The vendor's public key (PEM) the engines check licence certificates with. */
  vendorKey?: string;
  /** The streams' reconnection waits (default 1 s doubling to 60 s). */
  pushBackoff?: { baseMs: number; capMs: number };
  /** Log events a second across the fleet (sim-logs.ts; default 0: none). */
  logsPerSecond?: number;
  /** How long an engine gathers events before sending them (default 1,000 ms). */
  logFlushMs?: number;
  /** After the run, how long engines go on sending what they hold (default 10 s). */
  logDrainSeconds?: number;
  /** Connections for the logs calls, beside the check-ins' pool (default one an engine, 512 at most). */
  logConnections?: number;
  /**
   * Each engine holds a data key (made from the seed and its index, so a rerun holds the same)
   * and escrows it as the engine does (docs/keys.md "Escrow"): listed in its state, wrapped to
   * the escrow key a check-in answer gives (age X25519 on node's native cryptography) and sent
   * with the keys call. Default false: no key, as before.
   */
  escrow?: boolean;
  log?: Log;
  onReport?: (report: SimReport) => void;
  signal?: AbortSignal;
}

type Latency = ReturnType<Histogram['summary']>;

/** Results a simulated engine remembers by command id (the engine keeps 31 days of them). */
const ANSWERED_KEPT = 32;

export interface SimReport {
  elapsedSeconds: number;
  /** Check-ins sent in this report's window and their answers. */
  window: { sent: number; ok: number; errors: Record<string, number>; latencyMs: Latency };
  total: { sent: number; ok: number; errors: Record<string, number> };
  online: number;
  /** Push streams open now (0 with push off). */
  streams: number;
  /** Commands received and results sent so far. */
  commands: { received: number; resultsSent: number };
  /** Log events made and acked in this window, held unacked now, the logs call's latency. */
  logs?: { made: number; acked: number; behind: number; latencyMs: Latency };
  /** Engines whose key is escrowed under the newest escrow key seen, and keys calls so far. */
  escrow?: { escrowed: number; calls: number };
}

export interface SimSummary {
  count: number;
  enrolled: number;
  enrolErrors: Record<string, number>;
  enrolLatencyMs: Latency;
  /** What the engines' key pairs and enrolment proofs cost the simulator, in all (ms). */
  enrolKeyMs: number;
  checkIns: { sent: number; ok: number; failed: number; errors: Record<string, number> };
  latencyMs: Latency;
  /** Engines that went offline on purpose, and those stopped by the console (-10101/-10102). */
  wentOffline: number;
  stoppedByConsole: number;
  durationSeconds: number;
  /** Check-ins sent per second over the check-in phase. */
  rate: number;
  connections: number;
  /** The push streams: open at the end and at most at once, opened, dropped, refused by key. */
  push: {
    enabled: boolean;
    held: number;
    maxHeld: number;
    opened: number;
    dropped: number;
    refused: Record<string, number>;
    nudges: number;
    /** `event: commands` received (commands the console wrote on the stream). */
    commandEvents: number;
  };
  /**
   * Commands: received in check-in answers and on streams; results sent (in results calls and
   * check-ins that were answered) and acknowledged; results calls that failed, by key.
   */
  commands: {
    received: number;
    resultsSent: number;
    acknowledged: number;
    resultErrors: Record<string, number>;
  };
  /**
   * From a nudge's arrival (or an `event: commands`) to the answer of the results call carrying
   * what it brought.
   */
  nudgeToResultMs: Latency;
  /**
   * Log events (with `logsPerSecond`): made, sent, acked, resent, dropped, calls and failures,
   * the logs call's latency; `behind` still held unacked at the end (`behindAtStop`: when making
   * stopped, before the last `logDrainSeconds` of sending); `perSecond` made per
   * second over the run; `engines` each engine's stream and acked number.
   */
  escrow?: SimEscrowFigures;
  logs?: SimLogFigures & {
    behind: number;
    behindAtStop: number;
    perSecond: number;
    madeSeconds: number;
    engines: { index: number; stream: string; acked: number }[];
  };
}

/**
 * Escrow (with `escrow`): `keys` engines holding a key; `escrowed` those whose key the console
 * acknowledged under the newest escrow key seen (`escrowKey`); check-in answers that carried it;
 * keys calls, answered (`latencyMs`) or failed (`errors` by key); `wrapMs` the simulator's time
 * wrapping keys, in all; `firstSeconds`/`lastSeconds` when the first and the last key were
 * acknowledged under that key, from the start of the check-ins (the time escrow took).
 */
export interface SimEscrowFigures {
  keys: number;
  escrowed: number;
  escrowKey: string | null;
  answers: number;
  calls: number;
  acknowledged: number;
  failed: number;
  errors: Record<string, number>;
  latencyMs: Latency;
  wrapMs: number;
  firstSeconds: number | null;
  lastSeconds: number | null;
}

interface SimEngine {
  index: number;
  /** Its data key (with `escrow`): the key and its id. */
  dataKey?: { key: Buffer; id: string };
  identity: TEngineIdentity;
  state: TEngineStateInput;
  token?: string;
  interval: number;
  failures: number;
  offlineAt?: number;
  stopped: boolean;
  timer?: NodeJS.Timeout;
  stream?: PushStream;
  /** A check-in (and its results) is under way. */
  busy: boolean;
  /** When the last check-in was answered (Date.now()). */
  lastAnswerAt: number;
  /** When the first nudge not yet served arrived (performance.now()). */
  nudgedAt?: number;
  /** Results not yet acknowledged. */
  outbox: TCommandResult[];
  /**
   * The last results given, by command id: a command delivered again (its node died before the
   * result was written) is answered the same, not run again, as the engine does.
   */
  answered: Map<string, TCommandResult>;
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

/**
 * A simulated engine's data key: 32 bytes from the seed and its index (a rerun with the same seed
 * holds the same key, as a real engine keeps its tde.key), and its id as tde.ts makes it.
 */
export function simulatedDataKey(seed: string, index: number): { key: Buffer; id: string } {
  const key = createHash('sha256').update(`edp-sim-data-key/${seed}/${index}`).digest();
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) };
}

const FAKE_TIME = '2026-01-05T08:00:00.000Z';

/**
 * What a simulated engine answers to a command: code 0 and, for the synchronous types, a detail
 * that parses with the contract's answer (COMMAND_ANSWERS), from a small fake tree.
 */
export function simulatedResult(
  command: Pick<TEngineCommand, 'id' | 'type' | 'args'>,
  engine: { identity: TEngineIdentity; state: TEngineStateInput },
  startedAt = Date.now(),
  vendorKey?: string,
): TCommandResult {
  const licence = simulatedLicence(command.type, command.args, engine, vendorKey);
  if (licence) return { id: command.id, ...licence };
  const p = typeof command.args.path === 'string' ? command.args.path : '/data';
  const sha = createHash('sha256').update(p).digest('hex');
  let detail: Record<string, unknown> | undefined;
  switch (command.type) {
    case 'view.folder':
      detail = {
        path: p,
        entries: [
          { name: 'finance', kind: 'dir', size: 0, modifiedAt: FAKE_TIME, protected: 'tde' },
          { name: 'projects', kind: 'dir', size: 0, modifiedAt: FAKE_TIME, protected: null },
          {
            name: 'budget.xlsx',
            kind: 'file',
            size: 48_213,
            modifiedAt: FAKE_TIME,
            protected: null,
          },
          { name: 'readme.txt', kind: 'file', size: 1_024, modifiedAt: FAKE_TIME, protected: null },
          { name: 'current', kind: 'link', size: 8, modifiedAt: FAKE_TIME, protected: null },
        ],
        truncated: false,
      };
      break;
    case 'view.program':
      detail = {
        path: p,
        size: 1_843_200,
        sha256: sha,
        executable: true,
        modifiedAt: FAKE_TIME,
        authorised: false,
      };
      break;
    case 'program.authorise':
      detail = { path: p, sha256: sha, addedAt: new Date().toISOString() };
      break;
    case 'program.revoke':
      detail = { path: p };
      break;
    case 'program.list':
      detail = {
        programs: [{ path: '/opt/erp/bin/erp-server', sha256: sha, addedAt: FAKE_TIME }],
      };
      break;
    case 'engine.version':
      detail = {
        version: engine.identity.version,
        kind: engine.identity.kind,
        node: process.version,
        platform: engine.identity.systemType.startsWith('Windows') ? 'win32' : 'linux',
        arch: 'x64',
        startedAt: new Date(startedAt).toISOString(),
      };
      break;
    case 'engine.watch':
      detail = {
        at: new Date().toISOString(),
        uptimeS: Math.round((Date.now() - startedAt) / 1000),
        lastCheckIn: new Date().toISOString(),
        pendingAlerts: 0,
        protected: engine.state.protected ?? [],
        programs: 1,
      };
      break;
    case 'window.open':
    case 'window.adjust': {
      const w = peekWindow(command.args.window);
      detail = w && {
        id: w.id,
        kind: w.kind,
        validFrom: new Date(w.validFrom).toISOString(),
        validUntil: new Date(w.validUntil).toISOString(),
      };
      break;
    }
    case 'learning.list':
      detail = {
        learning: null,
        programs: [
          {
            path: '/opt/erp/bin/erp-server',
            sha256: sha,
            folders: ['/srv/finance'],
            firstSeen: FAKE_TIME,
            lastSeen: FAKE_TIME,
            seen: 3,
            authorised: false,
          },
        ],
      };
      break;
    case 'learning.authorise':
      detail = {
        authorised: (Array.isArray(command.args.paths) ? command.args.paths : []).map((x) => ({
          path: String(x),
          sha256: sha,
          addedAt: new Date().toISOString(),
        })),
        refused: [],
      };
      break;
    default:
      detail = typeof command.args.path === 'string' ? { path: p } : undefined;
  }
  return { id: command.id, code: 0, message: 'Success', ...(detail ? { detail } : {}) };
}

/** The soft limit of open files of this process (Linux), or undefined. */
function openFileLimit(): number | undefined {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
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
  /** Time spent making the engines' key pairs and signing their enrolment proofs (ms). */
  let keyMs = 0;
  const total = { sent: 0, ok: 0, errors: {} as Record<string, number> };
  const latency = new Histogram();
  let window = { sent: 0, ok: 0, errors: {} as Record<string, number>, latency: new Histogram() };
  let inFlight = 0;
  let wentOffline = 0;
  let stoppedByConsole = 0;
  let stopping = false;
  let intervalNoted = false;
  let wake: (() => void) | undefined;
  const push = opts.push !== false;
  const pushStats = {
    held: 0,
    maxHeld: 0,
    opened: 0,
    dropped: 0,
    refused: {} as Record<string, number>,
    nudges: 0,
    commandEvents: 0,
  };
  const commandStats = {
    received: 0,
    resultsSent: 0,
    acknowledged: 0,
    resultErrors: {} as Record<string, number>,
  };
  const nudgeToResult = new Histogram();
  const startedAt = Date.now();
  let phaseStart = startedAt;
  const escrowStats = {
    answers: 0,
    calls: 0,
    acknowledged: 0,
    failed: 0,
    errors: {} as Record<string, number>,
    latency: new Histogram(),
    wrapMs: 0,
    key: null as string | null,
    /** When the newest key's first and last acknowledgement came (ms since the epoch). */
    first: null as number | null,
    last: null as number | null,
  };
  /** One recipient object per escrow key: its public key is parsed once for the fleet. */
  const recipients = new Map<string, NativeX25519Recipient>();
  const escrowedUnder = (id: string | null) =>
    id === null ? 0 : engines.filter((e) => e.state.keys?.[0]?.escrow === id).length;
  /**
   * The logs and the keys calls have pools of their own, a connection an engine as engines have
   * (up to 512): a smaller pool, or the check-ins', would queue them in the simulator and count
   * that wait as the console's latency (keys calls wait for their batch, up to 20 ms, then a
   * commit: on the check-ins' pool, bench/escrow.mjs read a check-in p99 of 10 s at 30,000
   * engines while the keys went out).
   */
  const perEngineConnections = Math.min(512, Math.max(1, opts.count));
  const escrowClient = opts.escrow
    ? new ProtocolClient(opts.url, {
        connections: perEngineConnections,
        timeoutMs: opts.timeoutMs,
      })
    : undefined;
  const logClient = opts.logsPerSecond
    ? new ProtocolClient(opts.url, {
        connections: opts.logConnections ?? perEngineConnections,
        timeoutMs: opts.timeoutMs,
      })
    : undefined;
  const logs = logClient
    ? new SimLogs(
        { perSecond: opts.logsPerSecond!, flushMs: opts.logFlushMs },
        logClient,
        seeded(`${seed}/logs/${Date.now()}`),
      )
    : undefined;
  // Streams hold a connection each for as long as they last: their own agent, not the pool.
  const streamAgent = push
    ? new (new URL(opts.url).protocol === 'https:' ? https : http).Agent({
        keepAlive: false,
        maxSockets: Infinity,
      })
    : undefined;
  const stopStream = (e: SimEngine) => {
    if (e.stream?.open) pushStats.held--;
    e.stream?.stop();
  };
  let heldAtEnd = 0;
  const stop = () => {
    if (!stopping) heldAtEnd = engines.filter((e) => e.stream?.open).length;
    stopping = true;
    logs?.stopMaking();
    for (const e of engines) {
      clearTimeout(e.timer);
      stopStream(e);
    }
    wake?.();
  };
  opts.signal?.addEventListener('abort', stop, { once: true });

  async function enrolOne(e: SimEngine): Promise<void> {
    // Each engine has a key pair of its own, made from the seed and its index when it enrols, so
    // a rerun with the same seed proves the devices it enrolled before (issue 34): about 0.06 ms
    // with the proof's signature, so 10,000 engines spend well under a second on them.
    const keyStarted = performance.now();
    const key = seededEngineKey(`edp-sim/${seed}/${e.index}`);
    keyMs += performance.now() - keyStarted;
    for (let attempt = 1; attempt <= 3 && !stopping; attempt++) {
      try {
        const proofStarted = performance.now();
        const proof = enrolProof(key, e.identity.fingerprint, Date.now());
        keyMs += performance.now() - proofStarted;
        const a = await client.post(enrolCall, {
          secret: opts.secret,
          identity: e.identity,
          state: e.state,
          proof,
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
    clearTimeout(e.timer);
    e.timer = setTimeout(() => void checkIn(e), ms);
  }

  // Against a console on this machine (127.x), the streams come from many loopback addresses, as
  // they would from many machines: from one address, finding a free local port for each new
  // connection gets slower as 20,000 of them go to the same port.
  const loopback = /^127\.\d+\.\d+\.\d+$/.test(new URL(opts.url).hostname);
  const localAddress = (i: number) =>
    loopback
      ? `127.${100 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${1 + (i % 250)}`
      : undefined;

  function startStream(e: SimEngine): void {
    e.stream = new PushStream({
      url: opts.url,
      token: e.token!,
      agent: streamAgent,
      localAddress: localAddress(e.index),
      random,
      backoff: opts.pushBackoff,
      // Commands on the stream run at once and their results go with the results call: no
      // check-in, so none waits out the second between check-ins.
      onCommands:
        opts.streamCommands === false
          ? undefined
          : ({ commands }) => {
              pushStats.commandEvents++;
              if (stopping || e.stopped) return;
              const arrived = performance.now();
              answer(e, commands);
              void sendOutbox(e).then((sent) => {
                if (sent) nudgeToResult.record(performance.now() - arrived);
              });
            },
      onCheckIn: () => {
        pushStats.nudges++;
        if (stopping || e.stopped) return;
        e.nudgedAt ??= performance.now();
        // Served by the check-in under way, or at once (not within a second of the last, and
        // not during a back-off).
        if (!e.busy && e.failures === 0) {
          schedule(e, Math.max(0, e.lastAnswerAt + 1_000 - Date.now()));
        }
      },
      onChange: (c) => {
        if (c.kind === 'open') {
          pushStats.opened++;
          pushStats.held++;
          pushStats.maxHeld = Math.max(pushStats.maxHeld, pushStats.held);
        } else if (c.kind === 'drop') {
          pushStats.dropped++;
          pushStats.held--;
        } else {
          bump(pushStats.refused, c.key);
        }
      },
    });
    e.stream.start();
  }

  /**
   * "Runs" commands (a check-in's or the stream's): each answered at once, one delivered again
   * with the result it was given before, as the engine does; the results wait in the outbox.
   */
  function answer(e: SimEngine, commands: readonly TEngineCommand[]): void {
    commandStats.received += commands.length;
    for (const c of commands) {
      e.outbox = e.outbox.filter((r) => r.id !== c.id);
      if (c.type === 'tde.rotate' && !e.answered.has(c.id)) rotateKey(e, c);
      const result = e.answered.get(c.id) ?? simulatedResult(c, e, startedAt, opts.vendorKey);
      e.answered.set(c.id, result);
      if (e.answered.size > ANSWERED_KEPT) e.answered.delete(e.answered.keys().next().value!);
      e.outbox.push(result);
    }
  }

  /**
   * `tde.rotate`, cheaply: a new data key (derived from the old one: no files to re-encrypt),
   * escrowed at once to the escrow key the command carries, as the engine does (tde-rotate.ts).
   */
  function rotateKey(e: SimEngine, c: TEngineCommand): void {
    const escrow = COMMAND_ARGS['tde.rotate'].safeParse(c.args);
    if (!e.dataKey || !escrow.success) return;
    const key = createHash('sha256').update('edp-sim-rotate/').update(e.dataKey.key).digest();
    e.dataKey = { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) };
    e.state = { ...e.state, keys: [{ id: e.dataKey.id, escrow: null }] };
    void escrowOne(e, escrow.data.escrow);
  }

  function takeResults(e: SimEngine, acknowledged: readonly string[]): void {
    if (!acknowledged.length || !e.outbox.length) return;
    const held = new Set(acknowledged);
    const before = e.outbox.length;
    e.outbox = e.outbox.filter((r) => !held.has(r.id));
    commandStats.acknowledged += before - e.outbox.length;
  }

  /** Sends the engine's results now; answers whether the console took them. */
  async function sendOutbox(e: SimEngine): Promise<boolean> {
    const batch = e.outbox.slice(0, RESULTS_MAX);
    inFlight++;
    try {
      const a = await client.post(sendResults, { results: batch }, e.token);
      const data = ZResultsAnswer.safeParse(a.envelope?.data);
      if (a.envelope?.success && data.success) {
        commandStats.resultsSent += batch.length;
        takeResults(e, data.data.acknowledged);
        return true;
      }
      bump(commandStats.resultErrors, errorKey(a));
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      bump(commandStats.resultErrors, 'network');
    } finally {
      inFlight--;
      if (stopping && inFlight === 0) wake?.();
    }
    return false;
  }

  /**
   * The engine's key wrapped to the escrow key its check-in answer gave and sent, as the engine
   * does (escrow.ts); its state shows it escrowed once the console acknowledged it.
   */
  async function escrowOne(e: SimEngine, key: TEscrowKey): Promise<void> {
    const held = e.dataKey;
    if (!held || e.state.keys?.[0]?.escrow === key.id) return;
    escrowStats.answers++;
    if (escrowStats.key !== key.id) {
      escrowStats.key = key.id;
      escrowStats.first = escrowStats.last = null;
    }
    let recipient = recipients.get(key.recipient);
    if (!recipient) {
      recipient = new NativeX25519Recipient(key.recipient);
      recipients.set(key.recipient, recipient);
    }
    const wrapStarted = performance.now();
    const wrapped = ageFileNative(recipient, held.key);
    escrowStats.wrapMs += performance.now() - wrapStarted;
    escrowStats.calls++;
    try {
      const a = await (escrowClient ?? client).post(
        escrowKeys,
        { keys: [{ id: held.id, escrow: key.id, wrapped }] },
        e.token,
      );
      const data = ZEscrowAnswer.safeParse(a.envelope?.data);
      if (!a.envelope?.success || !data.success) {
        escrowStats.failed++;
        bump(escrowStats.errors, errorKey(a));
        return;
      }
      escrowStats.latency.record(a.latencyMs);
      if (!data.data.acknowledged.includes(held.id)) return;
      escrowStats.acknowledged++;
      e.state = { ...e.state, keys: [{ id: held.id, escrow: key.id }] };
      if (escrowStats.key === key.id) {
        escrowStats.first ??= Date.now();
        escrowStats.last = Date.now();
      }
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      escrowStats.failed++;
      bump(escrowStats.errors, 'network');
    }
  }

  async function checkIn(e: SimEngine): Promise<void> {
    if (stopping || e.stopped) return;
    if (e.offlineAt !== undefined && Date.now() >= e.offlineAt) {
      e.stopped = true;
      wentOffline++;
      stopStream(e);
      return;
    }
    if (push && !e.stream) startStream(e);
    total.sent++;
    window.sent++;
    inFlight++;
    e.busy = true;
    const serving = e.nudgedAt;
    e.nudgedAt = undefined;
    let next: number;
    try {
      const results = e.outbox.slice(0, RESULTS_MAX);
      const a = await client.post(
        checkInCall,
        results.length ? { state: e.state, results } : { state: e.state },
        e.token,
      );
      latency.record(a.latencyMs);
      window.latency.record(a.latencyMs);
      const data = ZCheckInAnswer.safeParse(a.envelope?.data);
      if (a.envelope?.success && data.success) {
        total.ok++;
        window.ok++;
        e.failures = 0;
        e.lastAnswerAt = Date.now();
        commandStats.resultsSent += results.length;
        takeResults(e, data.data.acknowledged);
        if (!opts.holdInterval) {
          if (data.data.interval !== spread && !intervalNoted) {
            intervalNoted = true;
            log(`the console answers an interval of ${data.data.interval} s; engines follow it`);
          }
          e.interval = Math.max(1, data.data.interval);
        }
        if (data.data.escrow) await escrowOne(e, data.data.escrow);
        const commands = data.data.commands;
        if (commands.length) {
          answer(e, commands);
          if ((await sendOutbox(e)) && serving !== undefined) {
            nudgeToResult.record(performance.now() - serving);
          }
        }
        // A nudge while this check-in was under way: check in again a second after it.
        next =
          e.nudgedAt !== undefined
            ? Math.max(0, e.lastAnswerAt + 1_000 - Date.now())
            : jittered(e.interval * 1000, random);
      } else {
        const key = errorKey(a);
        bump(total.errors, key);
        bump(window.errors, key);
        e.failures++;
        const code = a.envelope?.errCode;
        if (code === AgentErr.TokenInvalid || code === AgentErr.DeviceDeprecated) {
          e.stopped = true;
          stoppedByConsole++;
          stopStream(e);
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
      e.busy = false;
      inFlight--;
      if (stopping && inFlight === 0) wake?.();
    }
    schedule(e, next);
  }

  async function run(): Promise<SimSummary> {
    const now = Date.now();
    for (let i = 0; i < opts.count; i++) {
      const { identity, state } = simulatedEngine(seed, i, now);
      const dataKey = opts.escrow ? simulatedDataKey(seed, i) : undefined;
      if (dataKey) state.keys = [{ id: dataKey.id, escrow: null }];
      engines.push({
        index: i,
        dataKey,
        identity,
        state,
        interval: spread,
        failures: 0,
        stopped: false,
        busy: false,
        lastAnswerAt: 0,
        outbox: [],
        answered: new Map(),
      });
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

    if (push) {
      const limit = openFileLimit();
      if (limit !== undefined && enrolled.length + connections + 64 > limit) {
        log(
          `push streams need a connection (a file) each: ${enrolled.length} streams and ${connections} ` +
            `pooled connections are more than this process may open (${limit}); the rest are refused ` +
            `(counted as network errors of the streams). Raise the limit or run several processes.`,
        );
      }
    }
    // Check-ins: the first spread uniformly over the interval, then each engine on its own; its
    // push stream opens with its first check-in.
    phaseStart = Date.now();
    const duration = opts.durationSeconds ? opts.durationSeconds * 1000 : undefined;
    const offlineShare = opts.offlineShare ?? 0.02;
    for (const e of enrolled) {
      if (random() < offlineShare) {
        const horizon = duration ?? spread * 10_000;
        e.offlineAt = phaseStart + horizon * (0.2 + 0.6 * random());
      }
      schedule(e, random() * spread * 1000);
    }
    logs?.start(enrolled);
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
            streams: pushStats.held,
            commands: { received: commandStats.received, resultsSent: commandStats.resultsSent },
            ...(logs ? { logs: { ...logs.takeWindow(), behind: logs.behind() } } : {}),
            ...(opts.escrow
              ? { escrow: { escrowed: escrowedUnder(escrowStats.key), calls: escrowStats.calls } }
              : {}),
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
    await logs?.drain((opts.logDrainSeconds ?? 10) * 1000);
    logClient?.close();
    escrowClient?.close();
    if (!stopping) heldAtEnd = engines.filter((e) => e.stream?.open).length;
    for (const e of engines) stopStream(e);
    streamAgent?.destroy();
    client.close();
    const seconds = (Date.now() - phaseStart) / 1000;
    const sinceStart = (at: number | null) =>
      at === null ? null : Math.round((at - phaseStart) / 10) / 100;
    const failed = Object.values(total.errors).reduce((s, n) => s + n, 0);
    return {
      count: opts.count,
      enrolled: enrolled.length,
      enrolErrors,
      enrolLatencyMs: enrolLatency.summary(),
      enrolKeyMs: Math.round(keyMs),
      checkIns: { sent: total.sent, ok: total.ok, failed, errors: total.errors },
      latencyMs: latency.summary(),
      wentOffline,
      stoppedByConsole,
      durationSeconds: Math.round(seconds * 100) / 100,
      rate: Math.round((total.sent / Math.max(seconds, 0.001)) * 10) / 10,
      connections,
      push: {
        enabled: push,
        held: heldAtEnd,
        maxHeld: pushStats.maxHeld,
        opened: pushStats.opened,
        dropped: pushStats.dropped,
        refused: pushStats.refused,
        nudges: pushStats.nudges,
        commandEvents: pushStats.commandEvents,
      },
      commands: commandStats,
      nudgeToResultMs: nudgeToResult.summary(),
      ...(opts.escrow
        ? {
            escrow: {
              keys: engines.filter((e) => e.dataKey).length,
              escrowed: escrowedUnder(escrowStats.key),
              escrowKey: escrowStats.key,
              answers: escrowStats.answers,
              calls: escrowStats.calls,
              acknowledged: escrowStats.acknowledged,
              failed: escrowStats.failed,
              errors: escrowStats.errors,
              latencyMs: escrowStats.latency.summary(),
              wrapMs: Math.round(escrowStats.wrapMs),
              firstSeconds: sinceStart(escrowStats.first),
              lastSeconds: sinceStart(escrowStats.last),
            },
          }
        : {}),
      ...(logs
        ? {
            logs: {
              ...logs.figures(),
              behind: logs.behind(),
              behindAtStop: logs.behindAtStop,
              perSecond:
                Math.round((logs.total.made / Math.max(logs.madeSeconds, 0.001)) * 10) / 10,
              madeSeconds: Math.round(logs.madeSeconds * 100) / 100,
              engines: logs.acked(),
            },
          }
        : {}),
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
    ` total=${r.total.sent} online=${r.online}` +
    (r.streams || r.commands.received
      ? ` streams=${r.streams} commands=${r.commands.received} results=${r.commands.resultsSent}`
      : '') +
    (r.logs ? formatLogs(r.logs, every, r.logs.behind) : '') +
    (r.escrow ? ` escrowed=${r.escrow.escrowed} escrow calls=${r.escrow.calls}` : '')
  );
}
