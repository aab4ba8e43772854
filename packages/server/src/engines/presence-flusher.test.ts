import { describe, expect, it } from 'vitest';
import type { Logger } from '../platform/log.ts';
import type { EngineEvents } from './engine-events.ts';
import { FLUSH_CHUNK, presenceFlusher } from './presence-flusher.ts';
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
