import { ZEngineCommand } from '@edp/shared/contracts/agent';
import type { Dispatched, Dispatcher } from './ops.ts';

/**
 * Where the console's commands run: beside the check-in loop, never in it, so a slow command
 * cannot stop check-ins, log sending or other commands (issue 34, point 5).
 *
 * - Commands that change the engine's state (encrypt, protect, baseline, authorise, install,
 *   windows, upgrade …) run one at a time in the order they came: they take the state
 *   directory's lock, which a second one would find held (-8), and their order matters (a
 *   licence installed before the encryption that needs it). The periodic DPI check runs here too.
 * - Commands that only read (view.folder, view.program, engine.watch …) run beside them, at most
 *   READERS_MAX at once, so a console user waiting on a screen is not queued behind a long
 *   encryption, and a burst of them cannot take every libuv thread.
 *
 * A command already queued or running is not queued again when the next check-in brings it once
 * more (the console sends open commands until their result arrives). Beyond WAITING_MAX waiting
 * in a lane, a command is left for a later check-in, which brings it again: a bound on memory
 * that loses nothing.
 */
export const READERS_MAX = 4;
export const WAITING_MAX = 100;

const READ_ONLY = new Set([
  'view.folder',
  'view.program',
  'program.list',
  'engine.version',
  'engine.watch',
  'licence.request',
  'licence.show',
  'learning.list',
]);

type Task = () => Promise<void>;

class Lane {
  private readonly waiting: Task[] = [];
  private running = 0;

  constructor(
    private readonly width: number,
    private readonly onIdle: () => void,
  ) {}

  get busy(): number {
    return this.running;
  }

  get full(): boolean {
    return this.waiting.length >= WAITING_MAX;
  }

  push(task: Task): void {
    this.waiting.push(task);
    this.pump();
  }

  private pump(): void {
    while (this.running < this.width && this.waiting.length) {
      const task = this.waiting.shift()!;
      this.running++;
      void task().finally(() => {
        this.running--;
        this.pump();
        if (!this.running) this.onIdle();
      });
    }
  }
}

export class CommandLanes {
  /** Ids queued or running. */
  private readonly open = new Set<string>();
  private readonly serial: Lane;
  private readonly readers: Lane;
  private stopped = false;
  private clockOffsetMs = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly dispatcher: Dispatcher,
    /** What is done with a command's result (kept, logged, sent), before it counts as done. */
    private readonly onDone: (done: Dispatched) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {
    const idle = () => this.wakeIdle();
    this.serial = new Lane(1, idle);
    this.readers = new Lane(READERS_MAX, idle);
  }

  /**
   * Queues a command a check-in brought. `clockOffsetMs` is the console's clock minus the
   * engine's: a command's deadline is compared with the console's clock when it starts.
   */
  submit(raw: unknown, clockOffsetMs: number): void {
    this.clockOffsetMs = clockOffsetMs;
    if (this.stopped) return;
    const parsed = ZEngineCommand.safeParse(raw);
    if (!parsed.success || this.open.has(parsed.data.id)) return;
    const { id, type } = parsed.data;
    // One answered before only has its recorded result sent again: nothing runs, so it need not
    // wait behind a long state-changing command.
    const lane = READ_ONLY.has(type) || this.dispatcher.answered(id) ? this.readers : this.serial;
    if (lane.full) return;
    this.open.add(id);
    lane.push(async () => {
      try {
        if (this.stopped) return;
        const done = await this.dispatcher.run(raw, Date.now() + this.clockOffsetMs);
        if (done) await this.onDone(done);
      } catch (err) {
        this.onError(err);
      } finally {
        this.open.delete(id);
      }
    });
  }

  /**
   * Runs `task` in the state-changing lane (the periodic DPI check: it takes the same lock);
   * false when it was not queued (stopping, or the lane full).
   */
  exclusive(task: () => Promise<void>): boolean {
    if (this.stopped || this.serial.full) return false;
    this.serial.push(async () => {
      if (this.stopped) return;
      await task().catch(this.onError);
    });
    return true;
  }

  /**
   * No command starts from now on (each waiting one ends at once, unanswered: the console sends
   * it again to the engine that comes next); the running ones finish, and idle() waits for them.
   */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves when nothing runs and nothing waits. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return !this.serial.busy && !this.readers.busy;
  }

  private wakeIdle(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
