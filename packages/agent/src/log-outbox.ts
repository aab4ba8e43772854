import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { LOG_BATCH_MAX, ZLogEntry, type TLogEntry } from '@edp/shared/contracts/logs';
import { Code, EngineError } from './codes.ts';
import { files, type StateDir } from './state-dir.ts';

/**
 * The engine's log outbox (docs/engines-agent.md "What the engine reports"): the events it saw,
 * numbered 1, 2, 3 … within a stream, kept in the state directory until the console holds them
 * (POST /api/agent/logs answers `acked`: the highest number it holds with every one below).
 *
 * - `logs.jsonl`: one event a line, in number order, as it is sent (`at` an ISO time). Lines below
 *   `held` are forgotten and leave the file at the next compaction.
 * - `logs.json`: `{ stream, acked, held, dropped, createdAt }`, written whole. `stream` is random,
 *   made with the file: an engine whose state is lost starts a new stream at 1, which the console
 *   starts afresh. `held` is the lowest number still held (acked + 1, or more once the oldest
 *   were dropped for the cap): the console, told it, skips what will never come.
 *
 * The next number is the last line's plus one, so a crash between appending and anything else
 * leaves no gap. The running engine and a command typed in a shell (`verify --dpi`) may append
 * at once: every change holds `logs.lock` for the few file operations it takes.
 */

/** An event as the engine records it: the entry without its number; `at` defaults to now. */
export type LogEvent = DistributiveOmit<TLogEntry, 'seq' | 'at'> & { at?: number };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A stored line: the entry as it goes out. */
export type StoredEntry = DistributiveOmit<TLogEntry, 'at'> & { at: string };

export interface LogState {
  stream: string;
  acked: number;
  held: number;
  /** Events dropped unsent: over the cap, or unreadable lines. */
  dropped: number;
  createdAt: string;
}

/** Most events held unsent: beyond it the oldest are dropped (and counted). */
export const LOG_OUTBOX_MAX = 100_000;
/** Most bytes of entries in one batch: the console takes bodies up to 1 MiB. */
export const LOG_BATCH_BYTES = 768 * 1024;

const LOCK_WAIT_MS = 5_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

export class LogOutbox {
  constructor(
    private readonly state: StateDir,
    private readonly max = LOG_OUTBOX_MAX,
  ) {}

  /**
   * Numbers and appends events; answers the numbers given (invalid events are dropped). It never
   * throws: the operation an event reports (encrypting a folder, say) matters more than its
   * record, so a state directory that cannot take the events says so on standard error.
   */
  append(events: readonly LogEvent[]): number[] {
    if (!events.length) return [];
    try {
      return this.appendLocked(events);
    } catch (err) {
      console.error(
        `log outbox: ${events.length} event(s) not recorded: ${(err as Error).message}`,
      );
      return [];
    }
  }

  private appendLocked(events: readonly LogEvent[]): number[] {
    return this.locked(() => {
      const s = this.read();
      const before = JSON.stringify(s);
      let next = this.next(s);
      const lines: string[] = [];
      const seqs: number[] = [];
      for (const e of events) {
        const entry = toStored(e, next);
        if (!entry) {
          s.dropped++;
          continue;
        }
        lines.push(JSON.stringify(entry) + '\n');
        seqs.push(next++);
      }
      // Over the cap: the oldest go, and the console is told where the engine resumes.
      const over = next - s.held - this.max;
      if (over > 0) {
        s.held += over;
        s.dropped += over;
      }
      const file = this.state.path(files.logs);
      const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
      // A line cut by a crash would swallow the next one: end it first.
      const prefix = size > 0 && lastByte(file, size) !== 0x0a ? '\n' : '';
      if (lines.length) fs.appendFileSync(file, prefix + lines.join(''));
      if (JSON.stringify(s) !== before) this.write(s);
      return seqs;
    });
  }

  /**
   * The oldest events not yet held by the console, contiguous from `held`: at most
   * LOG_BATCH_MAX and LOG_BATCH_BYTES (at least one). Undefined when there are none.
   */
  batch(): { stream: string; held: number; entries: StoredEntry[] } | undefined {
    return this.locked(() => {
      const s = this.read();
      const live = this.lines().filter((e) => e.seq >= s.held);
      if (!live.length) return undefined;
      // A gap (a line lost to a crash or a disk error) is skipped, and counted.
      if (live[0]!.seq > s.held) {
        s.dropped += live[0]!.seq - s.held;
        s.held = live[0]!.seq;
        this.write(s);
      }
      const entries: StoredEntry[] = [];
      let bytes = 0;
      for (const e of live) {
        if (entries.length && e.seq !== entries[entries.length - 1]!.seq + 1) break;
        const size = Buffer.byteLength(JSON.stringify(e));
        if (entries.length && (entries.length >= LOG_BATCH_MAX || bytes + size > LOG_BATCH_BYTES))
          break;
        entries.push(e);
        bytes += size;
      }
      return { stream: s.stream, held: s.held, entries };
    });
  }

  /**
   * The console holds every number up to `acked` of `stream`: those are forgotten. An answer
   * for another stream (the state was made afresh meanwhile) changes nothing.
   */
  acknowledge(stream: string, acked: number): void {
    this.locked(() => {
      const s = this.read();
      if (s.stream !== stream || acked <= s.acked) return;
      s.acked = acked;
      s.held = Math.max(s.held, acked + 1);
      this.write(s);
      // Rewriting the file costs its size: only once the forgotten lines are at least as many
      // as the live ones (or all of them), so the cost per event stays constant.
      const all = this.lines();
      const live = all.filter((e) => e.seq >= s.held);
      if (all.length > live.length && live.length <= all.length - live.length) {
        this.state.writeAtomic(files.logs, live.map((e) => JSON.stringify(e) + '\n').join(''));
      }
    });
  }

  /** What `status` shows: the stream, the numbers, how many wait, of which DPI, dropped. */
  status() {
    // Looking makes nothing: an engine that never recorded an event has no stream yet.
    if (!this.state.exists(files.logState)) {
      return { stream: null, acked: 0, held: 1, next: 1, waiting: 0, waitingDpi: 0, dropped: 0 };
    }
    return this.locked(() => {
      const s = this.read();
      const live = this.lines().filter((e) => e.seq >= s.held);
      return {
        stream: s.stream as string | null,
        acked: s.acked,
        held: s.held,
        next: this.next(s),
        waiting: live.length,
        waitingDpi: live.filter((e) => e.kind === 'dpi').length,
        dropped: s.dropped,
      };
    });
  }

  /** The events held, for tests and `engine.watch`. */
  waiting(): StoredEntry[] {
    return this.locked(() => {
      const s = this.read();
      return this.lines().filter((e) => e.seq >= s.held);
    });
  }

  private next(s: LogState): number {
    const last = this.lastSeq();
    return Math.max(s.held, last + 1);
  }

  /** The state, made (a new stream) when there is none: a file of events without it is dropped. */
  private read(): LogState {
    let held: LogState | undefined;
    try {
      held = this.state.readJson<LogState>(files.logState);
    } catch {
      // unreadable: as lost (a new stream)
    }
    if (held?.stream) return held;
    const orphans = this.lines().length;
    fs.rmSync(this.state.path(files.logs), { force: true });
    const fresh: LogState = {
      stream: randomBytes(16).toString('base64url'),
      acked: 0,
      held: 1,
      dropped: orphans,
      createdAt: new Date().toISOString(),
    };
    this.write(fresh);
    return fresh;
  }

  private write(s: LogState): void {
    this.state.writeJson(files.logState, s);
  }

  private lines(): StoredEntry[] {
    return this.state.readLines<StoredEntry>(files.logs).filter((e) => Number.isInteger(e?.seq));
  }

  /** The last complete line's number (0 with none), from the file's end only. */
  private lastSeq(): number {
    const file = this.state.path(files.logs);
    let fd: number;
    try {
      fd = fs.openSync(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    try {
      const size = fs.fstatSync(fd).size;
      const length = Math.min(size, 64 * 1024);
      const buf = Buffer.alloc(length);
      fs.readSync(fd, buf, 0, length, size - length);
      const lines = buf.toString('utf8').split('\n');
      for (let i = lines.length - 1; i >= 0; i--) {
        try {
          const seq = (JSON.parse(lines[i]!) as { seq?: unknown }).seq;
          if (Number.isInteger(seq)) return seq as number;
        } catch {
          // a cut or empty line: look further back
        }
      }
      return 0;
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Runs `op` holding logs.lock (another process may append); waits up to 5 s for it. */
  private locked<T>(op: () => T): T {
    this.state.ensure();
    const lock = this.state.path(files.logsLock);
    const until = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        fs.writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        if (staleLock(lock)) {
          fs.rmSync(lock, { force: true });
          continue;
        }
        if (Date.now() > until) throw new EngineError(Code.AnotherCommandActive, lock);
        Atomics.wait(pause, 0, 0, 2);
      }
    }
    try {
      return op();
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}

/**
 * A lock is stale when it has been there over 2 s (a holder keeps it for milliseconds) and its
 * holder is gone, or is this process (whose holds are synchronous, so never pending here), or
 * it names no one (a crash between making and writing it). A lock that vanished is not stale:
 * it was released, and removing "it" could remove the next holder's.
 */
function staleLock(lock: string): boolean {
  try {
    if (Date.now() - fs.statSync(lock).mtimeMs < 2_000) return false;
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (!pid || pid === process.pid) return true;
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function lastByte(file: string, size: number): number {
  const fd = fs.openSync(file, 'r');
  try {
    const b = Buffer.alloc(1);
    fs.readSync(fd, b, 0, 1, size - 1);
    return b[0]!;
  } finally {
    fs.closeSync(fd);
  }
}

/** The entry as stored, cut to the contract's lengths, or undefined when it still fails it. */
function toStored(e: LogEvent, seq: number): StoredEntry | undefined {
  const cut = { ...e, seq, at: new Date(e.at ?? Date.now()).toISOString() } as StoredEntry;
  cut.path = cut.path.slice(0, 1024);
  if (cut.kind === 'access') {
    cut.program = cut.program.slice(0, 1024);
    cut.user = cut.user.slice(0, 128);
  }
  return ZLogEntry.safeParse(cut).success ? cut : undefined;
}
