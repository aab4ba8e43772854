import { describe, expect, it } from 'vitest';
import type { Logger } from '../platform/log.ts';
import type { EngineEvents } from './engine-events.ts';
import { ACTIVITY_CHUNK, FLUSH_CHUNK, presenceFlusher } from './presence-flusher.ts';
import { presenceStore } from './presence.ts';

/** A console (and database) that takes `ms` for each last-seen statement, and counts what it was given. */
function slowRepository(ms: number) {
  const written: string[] = [];
  const events: Pick<EngineEvents, 'seen' | 'cameBack' | 'hoursSeen'> = {
    async seen(ids: string[]) {
      await new Promise((r) => setTimeout(r, ms));
      written.push(...ids);
      return [];
    },
    async cameBack() {},
    async hoursSeen() {},
  };
  return { events, written };
}

function logger() {
  const warnings: unknown[] = [];
  return { log: { warn: (o: unknown) => warnings.push(o) } as unknown as Logger, warnings };
}

describe('the presence flusher at shutdown', () => {
  const devices = 20 * FLUSH_CHUNK;
  const store = () => {
    const presence = presenceStore({ refreshMs: 60_000 });
    for (let i = 0; i < devices; i++) presence.seen(`d${i}`, null, 1_000);
    return presence;
  };

  it('writes everything held when the database keeps up', async () => {
    const presence = store();
    const { events, written } = slowRepository(1);
    const { log, warnings } = logger();
    const flusher = presenceFlusher({ presence, events, upSince: 0, log });
    await flusher.stop();
    expect(written).toHaveLength(devices);
    expect(presence.pending()).toBe(0);
    expect(warnings).toEqual([]);
  });

  it('stops at its deadline on a slow database, and says what it left', async () => {
    // 20 statements of 100 ms would take 2 s; the close may wait 300 ms.
    const presence = store();
    const { events, written } = slowRepository(100);
    const { log, warnings } = logger();
    const flusher = presenceFlusher({ presence, events, upSince: 0, log });
    const started = performance.now();
    await flusher.stop(300);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(devices);
    expect(warnings).toEqual([{ seen: devices - written.length, activity: 0 }]);
  });
});

describe('the presence flusher after a mass return', () => {
  it('keeps every "went offline / back online" pair of a whole fleet back at once, and writes them within a minute of flushes', async () => {
    // 60,000 engines back from one gap together: 120,000 activity rows revealed by one flush's
    // last-seen writes. A fixed share of 2,000 rows a flush (every 5 s) took 5 minutes for
    // them, and a backlog over 100,000 dropped its oldest.
    const devices = 60_000;
    const presence = presenceStore({ refreshMs: 60_000 });
    for (let i = 0; i < devices; i++) presence.seen(`d${i}`, null, 1_000);
    let written = 0;
    const events: Pick<EngineEvents, 'seen' | 'cameBack' | 'hoursSeen'> = {
      async seen(ids: string[]) {
        return ids.flatMap((deviceId) => [
          { tenantId: 't', deviceId, at: new Date(1_000), kind: 'offline' as const },
          { tenantId: 't', deviceId, at: new Date(2_000), kind: 'online' as const },
        ]);
      },
      async cameBack(rows) {
        expect(rows.length).toBeLessThanOrEqual(ACTIVITY_CHUNK);
        written += rows.length;
      },
      async hoursSeen() {},
    };
    const { log, warnings } = logger();
    const flusher = presenceFlusher({ presence, events, upSince: 0, log });
    await flusher.flush(false);
    // A share a flush still, not all of it at once.
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThanOrEqual((2 * devices) / 3);
    let flushes = 1;
    while (written < 2 * devices && flushes < 100) {
      await flusher.flush(false);
      flushes++;
    }
    expect(warnings).toEqual([]);
    expect(written).toBe(2 * devices);
    // 12 flushes of 5 s: a minute; the fixed share needed 60.
    expect(flushes).toBeLessThanOrEqual(12);
  });
});
