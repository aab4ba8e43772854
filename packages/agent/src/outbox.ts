import { RESULTS_MAX, type TCommandResult } from '@edp/shared/contracts/agent';
import { files, type StateDir } from './state-dir.ts';
import { RESULTS_KEPT_MS, type CommandResult } from './ops.ts';

/**
 * The results the console has not acknowledged yet (`outbox.json`, so they survive a restart).
 * Each goes out at once with `POST /api/agent/results` and, while unacknowledged, in every
 * check-in; an id the console lists in `acknowledged` is dropped. Results older than a command
 * can live are dropped too (a console that never acknowledges — one from before issue 23 — does
 * not make the file grow for ever).
 */

/** Most bytes of results in one request: a console takes bodies up to 1 MiB. */
export const RESULTS_BODY_BYTES = 768 * 1024;
/** Most results kept waiting. */
export const OUTBOX_MAX = 10_000;

export class Outbox {
  private items: CommandResult[];

  constructor(private readonly state: StateDir) {
    const now = Date.now();
    this.items = (state.readJson<CommandResult[]>(files.outbox) ?? []).filter(
      (r) => now - r.at < RESULTS_KEPT_MS,
    );
  }

  get size(): number {
    return this.items.length;
  }

  ids(): string[] {
    return this.items.map((r) => r.id);
  }

  /** Adds a result (again): the same id is held once. */
  add(result: CommandResult): void {
    this.items = this.items.filter((r) => r.id !== result.id);
    this.items.push(result);
    if (this.items.length > OUTBOX_MAX) this.items = this.items.slice(-OUTBOX_MAX);
    this.save();
  }

  /** Drops the results the console holds; answers how many were dropped. */
  acknowledge(ids: readonly string[]): number {
    if (!ids.length) return 0;
    const held = new Set(ids);
    const before = this.items.length;
    this.items = this.items.filter((r) => !held.has(r.id));
    if (this.items.length !== before) this.save();
    return before - this.items.length;
  }

  /**
   * The oldest results that fit in one request: at most RESULTS_MAX and RESULTS_BODY_BYTES (at
   * least one), as the protocol has them, skipping `skip` ids already tried.
   */
  batch(skip: ReadonlySet<string> = new Set()): TCommandResult[] {
    const out: TCommandResult[] = [];
    let bytes = 0;
    for (const r of this.items) {
      if (skip.has(r.id)) continue;
      const item: TCommandResult = {
        id: r.id,
        code: r.code,
        message: r.message,
        ...(r.detail !== undefined ? { detail: r.detail } : {}),
      };
      const size = Buffer.byteLength(JSON.stringify(item));
      if (out.length && (out.length >= RESULTS_MAX || bytes + size > RESULTS_BODY_BYTES)) break;
      out.push(item);
      bytes += size;
    }
    return out;
  }

  private save(): void {
    this.state.writeJson(files.outbox, this.items);
  }
}
