import { createHash, randomBytes } from 'node:crypto';
import { LOG_BATCH_MAX, ZLogBatchAnswer, type AccessOperation } from '@edp/shared/contracts/logs';
import { sendLogs } from '@edp/shared/api/engine/agent.calls';
import type { TEngineIdentity, TEngineStateInput } from '@edp/shared/contracts/engine';
import { NetworkError, type ProtocolClient, type Answer } from './client.ts';
import { Histogram } from './histogram.ts';
import type { StoredEntry } from './log-outbox.ts';
import { backoffMs, jittered } from './backoff.ts';

/**
 * The simulator's engine logs (docs/engines-agent.md "Simulator"): each engine makes a realistic
 * stream of events at its share of the fleet's rate — mostly allowed accesses by the programs and
 * users of its machine, some denied, a few DPI or TDE changes by its kind — numbers them in a
 * stream of its own, and sends them as the engine does: a batch of up to 500 from acked + 1 about
 * every `flushMs`, or at once when 500 wait, one batch in flight, backing off after a failure.
 */
export interface SimLogOptions {
  /** Events a second across the fleet (shared by the engines online). */
  perSecond: number;
  /** How long an engine gathers events before it sends them (default 1,000 ms, ±10 %). */
  flushMs?: number;
  /** Most events an engine holds unsent; beyond it the oldest are dropped (default 100,000). */
  maxHeld?: number;
}

export interface SimLogEngine {
  index: number;
  identity: TEngineIdentity;
  state: TEngineStateInput;
  token?: string;
  stopped: boolean;
}

type Latency = ReturnType<Histogram['summary']>;

export interface SimLogFigures {
  /**
   * Events made; sent in calls (answered or not; sent − resent is each event's first sending);
   * acked by the console; resent (sent before, in a call whose answer did not free them).
   */
  made: number;
  sent: number;
  acked: number;
  resent: number;
  /** Dropped unsent over an engine's cap. */
  dropped: number;
  calls: number;
  failed: number;
  errors: Record<string, number>;
  latencyMs: Latency;
}

type Entry = StoredEntry;

interface Stream {
  engine: SimLogEngine;
  id: string;
  next: number;
  acked: number;
  /** The highest number sent so far: what goes again counts as resent. */
  sentUpTo: number;
  held: Entry[];
  budget: number;
  flushAt: number;
  busy: boolean;
  failures: number;
  retryAt: number;
  vocabulary: ReturnType<typeof vocabularyOf>;
}

const LINUX_PROGRAMS = [
  ['/usr/sbin/smbd', 30],
  ['/opt/erp/bin/erp-server', 20],
  ['/usr/bin/python3.11', 12],
  ['/usr/lib/jvm/java-17-openjdk/bin/java', 10],
  ['/usr/bin/rsync', 6],
  ['/usr/bin/vim.basic', 4],
  ['/usr/bin/tar', 4],
  ['/usr/bin/cp', 4],
  ['/usr/sbin/nginx', 6],
  ['/tmp/.x/kworkerd', 1],
  ['/usr/bin/curl', 3],
] as const;
const WINDOWS_PROGRAMS = [
  ['C:\\Program Files\\Microsoft Office\\root\\Office16\\EXCEL.EXE', 25],
  ['C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE', 20],
  ['C:\\Windows\\explorer.exe', 20],
  ['D:\\Apps\\ERP\\erp-client.exe', 15],
  ['C:\\Program Files\\7-Zip\\7z.exe', 5],
  ['C:\\Windows\\System32\\robocopy.exe', 5],
  ['C:\\Users\\Public\\Downloads\\invoice-viewer.exe', 1],
  ['C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', 3],
] as const;
const LINUX_USERS = ['root', 'erp', 'www-data', 'backup', 'zhangwei', 'liuyang', 'wangfang', 'ops'];
const WINDOWS_USERS = [
  'CORP\\zhang.wei',
  'CORP\\li.na',
  'CORP\\svc-erp',
  'CORP\\wang.fang',
  'SYSTEM',
];
const FOLDERS = ['finance', 'hr', 'contracts', 'projects', 'reports', 'ledger', 'archive'];
const FILES = [
  ['ledger-2026-Q', '.xlsx'],
  ['payroll-', '.csv'],
  ['contract-', '.pdf'],
  ['design-', '.docx'],
  ['backup-', '.tar.gz'],
  ['app-', '.conf'],
  ['server-', '.jar'],
] as const;
const OPERATIONS: readonly (readonly [AccessOperation, number])[] = [
  ['read', 60],
  ['write', 22],
  ['execute', 6],
  ['create', 6],
  ['delete', 3],
  ['rename', 3],
];

function pick<T>(random: () => number, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of weighted) {
    r -= w;
    if (r < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

/** One machine's programs, users and files: a few of each, as a real server has. */
function vocabularyOf(engine: SimLogEngine, random: () => number) {
  const windows = engine.identity.systemType.startsWith('Windows');
  const sep = windows ? '\\' : '/';
  const roots = engine.state.protected?.length
    ? engine.state.protected.map((p) => p.path)
    : [windows ? 'D:\\Data' : '/data'];
  const files = Array.from({ length: 200 }, (_, i) => {
    const [stem, ext] = FILES[Math.floor(random() * FILES.length)]!;
    const root = roots[Math.floor(random() * roots.length)]!;
    const folder = FOLDERS[Math.floor(random() * FOLDERS.length)]!;
    return `${root}${sep}${folder}${sep}${stem}${1 + (i % 40)}${ext}`;
  });
  const users = windows ? WINDOWS_USERS : LINUX_USERS;
  return {
    programs: windows ? WINDOWS_PROGRAMS : LINUX_PROGRAMS,
    users: users.slice(0, 2 + Math.floor(random() * (users.length - 1))),
    files,
    monitor:
      engine.identity.kind === 'TDE'
        ? ('tde' as const)
        : engine.identity.kind === 'DPI' || engine.identity.kind === 'DI'
          ? ('dpi' as const)
          : undefined,
  };
}

/** One event: 97 % accesses (about 1 in 12 denied), else a change of the engine's kind. */
function makeEntry(s: Stream, random: () => number, at: string): Entry {
  const v = s.vocabulary;
  const seq = s.next++;
  const path = v.files[Math.floor(random() * v.files.length)]!;
  if (v.monitor && random() < 0.03) {
    if (v.monitor === 'dpi') {
      const change = pick(random, [
        ['altered', 70],
        ['added', 20],
        ['deleted', 10],
      ] as const);
      const sha256 =
        change === 'deleted'
          ? undefined
          : createHash('sha256').update(`${path}${seq}`).digest('hex');
      return { seq, at, kind: 'dpi', change, path, ...(sha256 ? { sha256 } : {}) } as Entry;
    }
    const change = pick(random, [
      ['encrypted', 60],
      ['decrypted', 20],
      ['added', 12],
      ['removed', 8],
    ] as const);
    return { seq, at, kind: 'tde', change, path } as Entry;
  }
  const program = pick(random, v.programs);
  // Programs the machine does not know (a dropped binary, a download) are mostly refused.
  const unknown = program.includes('/tmp/') || program.includes('Downloads');
  const denied = unknown ? random() < 0.9 : random() < 0.06;
  return {
    seq,
    at,
    kind: 'access',
    outcome: denied ? 'denied' : 'allowed',
    operation: pick(random, OPERATIONS),
    program,
    user: v.users[Math.floor(random() * v.users.length)]!,
    path,
  } as Entry;
}

const errorKey = (a: Answer) =>
  a.envelope ? String(a.envelope.errCode) : `http-${a.status || 'none'}`;

export class SimLogs {
  private readonly streams: Stream[] = [];
  private readonly flushMs: number;
  private readonly maxHeld: number;
  private timer?: NodeJS.Timeout;
  private last = performance.now();
  private generating = true;
  inFlight = 0;
  /** Events held unacked when making stopped: how far the console had fallen behind. */
  behindAtStop = 0;
  /** How long events were made. */
  madeSeconds = 0;
  private startedAt = performance.now();
  readonly total = { made: 0, sent: 0, acked: 0, resent: 0, dropped: 0, calls: 0, failed: 0 };
  readonly errors: Record<string, number> = {};
  readonly latency = new Histogram();
  private window = { made: 0, acked: 0, latency: new Histogram() };
  /** Called when a call ends (the simulator waits for the last one). */
  onIdle?: () => void;

  constructor(
    private readonly opts: SimLogOptions,
    private readonly client: ProtocolClient,
    private readonly random: () => number,
  ) {
    this.flushMs = opts.flushMs ?? 1_000;
    this.maxHeld = opts.maxHeld ?? 100_000;
  }

  /** Starts making and sending events for these engines (those enrolled). */
  start(engines: readonly SimLogEngine[]): void {
    const now = performance.now();
    for (const engine of engines) {
      if (!engine.token) continue;
      this.streams.push({
        engine,
        id: randomBytes(16).toString('base64url'),
        next: 1,
        acked: 0,
        sentUpTo: 0,
        held: [],
        budget: this.random(),
        flushAt: now + this.random() * this.flushMs,
        busy: false,
        failures: 0,
        retryAt: 0,
        vocabulary: vocabularyOf(engine, this.random),
      });
    }
    this.last = now;
    this.startedAt = now;
    this.timer = setInterval(() => this.tick(), 50);
  }

  /** Sends what is held until all is acked or `ms` passed, then stops. */
  /** Stops making events (the run's end); what is held is still sent. */
  stopMaking(): void {
    if (!this.generating) return;
    this.generating = false;
    this.behindAtStop = this.behind();
    this.madeSeconds = (performance.now() - this.startedAt) / 1000;
  }

  async drain(ms: number): Promise<void> {
    this.stopMaking();
    const end = performance.now() + ms;
    while (performance.now() < end && this.streams.some((s) => s.held.length && !s.engine.stopped))
      await new Promise((r) => setTimeout(r, 50));
    clearInterval(this.timer);
    while (this.inFlight) await new Promise((r) => setTimeout(r, 10));
  }

  /** Events made but not acked (held by engines). */
  behind(): number {
    return this.streams.reduce((n, s) => n + s.held.length, 0);
  }

  /** Per engine: its stream and what the console acked of it. */
  acked(): { index: number; stream: string; acked: number }[] {
    return this.streams.map((s) => ({ index: s.engine.index, stream: s.id, acked: s.acked }));
  }

  /** The figures since the last call (a report's window). */
  takeWindow() {
    const w = this.window;
    this.window = { made: 0, acked: 0, latency: new Histogram() };
    return { made: w.made, acked: w.acked, latencyMs: w.latency.summary() };
  }

  figures(): SimLogFigures {
    return { ...this.total, errors: this.errors, latencyMs: this.latency.summary() };
  }

  private tick(): void {
    const now = performance.now();
    const dt = (now - this.last) / 1000;
    this.last = now;
    const live = this.streams.filter((s) => !s.engine.stopped);
    if (!live.length) return;
    const share = this.opts.perSecond / live.length;
    const at = new Date().toISOString();
    for (const s of live) {
      if (this.generating) {
        s.budget += share * dt;
        const n = Math.floor(s.budget);
        s.budget -= n;
        for (let i = 0; i < n; i++) s.held.push(makeEntry(s, this.random, at));
        this.total.made += n;
        this.window.made += n;
        const over = s.held.length - this.maxHeld;
        if (over > 0) {
          s.held.splice(0, over);
          this.total.dropped += over;
        }
      }
      if (s.busy || !s.held.length || now < s.retryAt) continue;
      if (s.held.length >= LOG_BATCH_MAX || now >= s.flushAt || !this.generating) void this.send(s);
    }
  }

  private async send(s: Stream): Promise<void> {
    s.busy = true;
    this.inFlight++;
    const entries = s.held.slice(0, LOG_BATCH_MAX);
    const first = entries[0]!.seq;
    const last = entries[entries.length - 1]!.seq;
    // Counted as they go out, answered or not: what went out before is resent.
    this.total.sent += entries.length;
    this.total.resent += Math.max(0, Math.min(last, s.sentUpTo) - first + 1);
    s.sentUpTo = Math.max(s.sentUpTo, last);
    try {
      const a = await this.client.post(
        sendLogs,
        { stream: s.id, held: first, entries },
        s.engine.token,
      );
      this.total.calls++;
      this.latency.record(a.latencyMs);
      this.window.latency.record(a.latencyMs);
      const data = ZLogBatchAnswer.safeParse(a.envelope?.data);
      if (a.envelope?.success && data.success) {
        const acked = Math.min(data.data.acked, s.next - 1);
        if (acked > s.acked) {
          const gained = acked - Math.max(s.acked, first - 1);
          this.total.acked += gained;
          this.window.acked += gained;
          s.acked = acked;
          s.held = s.held.filter((e) => e.seq > acked);
        }
        s.failures = 0;
        s.flushAt = performance.now() + jittered(this.flushMs, this.random);
      } else {
        this.fail(s, errorKey(a));
      }
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
      this.total.calls++;
      this.fail(s, 'network');
    } finally {
      s.busy = false;
      this.inFlight--;
      this.onIdle?.();
    }
  }

  private fail(s: Stream, key: string): void {
    this.total.failed++;
    this.errors[key] = (this.errors[key] ?? 0) + 1;
    s.failures++;
    s.retryAt = performance.now() + backoffMs(s.failures, 1_000, 30_000, this.random);
  }
}

export function formatLogs(w: ReturnType<SimLogs['takeWindow']>, every: number, behind: number) {
  const l = w.latencyMs;
  return (
    ` logs made=${w.made} (${(w.made / every).toFixed(0)}/s) acked=${w.acked} behind=${behind}` +
    ` logs ms p50=${l.p50} p99=${l.p99}`
  );
}
