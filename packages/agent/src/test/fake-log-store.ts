import type { TLogBatch, TLogEntry } from '@edp/shared/contracts/logs';

/**
 * The console's side of POST /api/agent/logs as docs/engines.md states it, for the engine's
 * tests: per device (stream, acked); a batch of another stream starts that stream afresh; the
 * entries from acked + 1 on, contiguous, are stored; a batch that starts beyond acked + 1 stores
 * nothing unless `held` is beyond it too (then the console skips to held - 1); the answer is the
 * highest number held with every one below.
 */
export class FakeLogStore {
  readonly devices = new Map<string, { stream: string; acked: number; entries: TLogEntry[] }>();
  /** Batches received, in order. */
  readonly batches: { deviceId: string; batch: TLogBatch }[] = [];

  take(deviceId: string, batch: TLogBatch): { acked: number } {
    this.batches.push({ deviceId, batch });
    let d = this.devices.get(deviceId);
    if (!d || d.stream !== batch.stream) {
      d = { stream: batch.stream, acked: 0, entries: [] };
      this.devices.set(deviceId, d);
    }
    if (batch.held > d.acked + 1) d.acked = batch.held - 1;
    for (const e of batch.entries) {
      if (e.seq <= d.acked) continue;
      if (e.seq !== d.acked + 1) break;
      d.entries.push(e);
      d.acked = e.seq;
    }
    return { acked: d.acked };
  }

  /** A device's stored entries. */
  of(deviceId: string): TLogEntry[] {
    return this.devices.get(deviceId)?.entries ?? [];
  }
}
