import { ZLogBatchAnswer } from '@edp/shared/contracts/logs';
import { sendLogs } from '@edp/shared/api/engine/agent.calls';
import { NetworkError, type ProtocolClient } from './client.ts';
import type { LogOutbox } from './log-outbox.ts';

/**
 * Sends the log outbox to the console (POST /api/agent/logs), one batch in flight at a time,
 * batch after batch while the console takes them. A failure (no answer, a refusal, a console
 * from before the call) pauses sending until the next check-in, which backs off as check-ins
 * do: a console that is down is not called more often than it is checked in with.
 */
export class LogSender {
  private running?: Promise<void>;
  private again = false;
  private paused = false;
  /** The last failure logged: the same one again is not logged at every check-in. */
  private noted = '';

  constructor(
    private readonly outbox: LogOutbox,
    private readonly client: ProtocolClient,
    private readonly token: string,
    private readonly log: (line: string) => void,
    /** Stopping: no batch starts after it (the one in flight is answered). */
    private readonly signal?: AbortSignal,
  ) {}

  /**
   * Sends what waits. `checkIn`: called after a check-in, which lifts a pause. A call while a
   * batch is in flight sends again once it is answered.
   */
  kick(checkIn = false): Promise<void> {
    if (checkIn) this.paused = false;
    if (this.paused) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again && !this.paused) {
        this.again = false;
        void this.kick();
      }
    });
    return this.running;
  }

  /** Waits for the batch in flight (stopping). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (!this.signal?.aborted) {
      const batch = this.outbox.batch();
      if (!batch) return;
      let failure: string;
      try {
        const a = await this.client.post(sendLogs, batch, this.token);
        const data = ZLogBatchAnswer.safeParse(a.envelope?.data);
        if (a.envelope?.success && data.success) {
          this.outbox.acknowledge(batch.stream, data.data.acked);
          this.noted = '';
          // The console holds less than the batch's first number and did not skip to it: sending
          // the same again now would change nothing.
          if (data.data.acked < batch.entries[0]!.seq) {
            failure = `the console holds events up to ${data.data.acked} only, and the engine from ${batch.held}`;
          } else continue;
        } else if (a.status === 404) {
          failure = 'the console does not take logs (HTTP 404)';
        } else {
          failure = a.envelope
            ? `errCode ${a.envelope.errCode} (${a.envelope.msg}), HTTP ${a.status}`
            : `HTTP ${a.status}`;
        }
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        failure = err.message;
      }
      this.paused = true;
      if (failure !== this.noted) {
        this.noted = failure;
        this.log(`logs not sent: ${failure}; they wait for the next check-in`);
      }
      return;
    }
  }
}
