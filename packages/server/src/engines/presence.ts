/**
 * When each engine was last seen, held in memory so that a check-in costs no database write
 * (docs/engines.md "Check-in"). The database learns a device's last-seen time at most every
 * `refreshMs` (and at once with a changed state), in batches; a node that dies loses at most
 * one batch of these times, never a state change, which is written before its check-in is
 * answered.
 */
interface Entry {
  /** Last check-in here (ms). */
  at: number;
  /** What the database holds (ms), or null. */
  stored: number | null;
  /** The hour (ms since epoch / 3.6e6) the heartbeat history has for this device, or -1. */
  hourMarked: number;
}

export interface PresenceBatch {
  ids: string[];
  seenAt: number[];
}

export interface UptimeBatch {
  ids: string[];
  days: string[];
  bits: number[];
  hours: number[];
}

const HOUR_MS = 3_600_000;

export function presenceStore(opts: { refreshMs: number }) {
  const entries = new Map<string, Entry>();
  const dirty = new Set<string>();
  const uptimeDirty = new Set<string>();

  return {
    /** A check-in of `deviceId` at `now`; `stored` is the database's last-seen when first met. */
    seen(deviceId: string, stored: number | null, now: number) {
      let entry = entries.get(deviceId);
      if (!entry) {
        entry = { at: now, stored, hourMarked: -1 };
        entries.set(deviceId, entry);
      }
      entry.at = Math.max(entry.at, now);
      if (entry.stored === null || entry.at - entry.stored >= opts.refreshMs) dirty.add(deviceId);
      if (Math.floor(entry.at / HOUR_MS) !== entry.hourMarked) uptimeDirty.add(deviceId);
    },

    /** The database has `at` already (a state change was written with it). */
    stored(deviceId: string, at: number) {
      const entry = entries.get(deviceId);
      if (entry) entry.stored = Math.max(entry.stored ?? 0, at);
    },

    lastSeen(deviceId: string): number | undefined {
      return entries.get(deviceId)?.at;
    },

    /** Up to `max` last-seen times to write; `settle` or `restore` them after the write. */
    takeSeen(max: number): PresenceBatch {
      const batch: PresenceBatch = { ids: [], seenAt: [] };
      for (const id of dirty) {
        if (batch.ids.length >= max) break;
        dirty.delete(id);
        const entry = entries.get(id);
        if (!entry || (entry.stored !== null && entry.stored >= entry.at)) continue;
        batch.ids.push(id);
        batch.seenAt.push(entry.at);
      }
      return batch;
    },

    settleSeen(batch: PresenceBatch) {
      batch.ids.forEach((id, i) => {
        const entry = entries.get(id);
        if (entry) entry.stored = Math.max(entry.stored ?? 0, batch.seenAt[i]!);
      });
    },

    takeUptime(max: number): UptimeBatch {
      const batch: UptimeBatch = { ids: [], days: [], bits: [], hours: [] };
      for (const id of uptimeDirty) {
        if (batch.ids.length >= max) break;
        uptimeDirty.delete(id);
        const entry = entries.get(id);
        if (!entry) continue;
        const hour = Math.floor(entry.at / HOUR_MS);
        if (hour === entry.hourMarked) continue;
        const at = new Date(entry.at);
        batch.ids.push(id);
        batch.days.push(at.toISOString().slice(0, 10));
        batch.bits.push(1 << at.getUTCHours());
        batch.hours.push(hour);
      }
      return batch;
    },

    settleUptime(batch: UptimeBatch) {
      batch.ids.forEach((id, i) => {
        const entry = entries.get(id);
        if (entry) entry.hourMarked = Math.max(entry.hourMarked, batch.hours[i]!);
      });
    },

    /** A failed write: the times go back to be written with the next batch. */
    restore(ids: string[], uptime = false) {
      for (const id of ids) (uptime ? uptimeDirty : dirty).add(id);
    },

    /** Deprecated or deleted devices. */
    forget(ids: readonly string[]) {
      for (const id of ids) {
        entries.delete(id);
        dirty.delete(id);
        uptimeDirty.delete(id);
      }
    },

    /** Devices seen here since `since` (ms). */
    seenSince(since: number) {
      let n = 0;
      for (const entry of entries.values()) if (entry.at >= since) n++;
      return n;
    },

    pending: () => dirty.size,
    size: () => entries.size,
  };
}
export type PresenceStore = ReturnType<typeof presenceStore>;
