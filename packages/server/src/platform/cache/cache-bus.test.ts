import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { testRedisUrl } from '../../test/harness.ts';
import { localCacheBus, redisCacheBus } from './cache-bus.ts';

const log = pino({ level: 'silent' });

describe('cache bus', () => {
  const a = redisCacheBus(testRedisUrl, log);
  const b = redisCacheBus(testRedisUrl, log);
  afterAll(() => Promise.all([a.close(), b.close()]));

  it('evicts here at once and on the other node soon after, never twice here', async () => {
    await Promise.all([a.ready, b.ready]);
    const here: string[] = [];
    const there: string[] = [];
    const elsewhere: string[] = [];
    const evict = a.channel('test-pages', (key) => here.push(key));
    b.channel('test-pages', (key) => there.push(key));
    b.channel('test-other', (key) => elsewhere.push(key));
    const key = randomUUID();
    evict(key);
    expect(here).toEqual([key]);
    await vi.waitFor(() => expect(there).toEqual([key]), { timeout: 2_000, interval: 20 });
    await new Promise((r) => setTimeout(r, 100));
    expect(here).toEqual([key]);
    expect(elsewhere).toEqual([]);
  });

  it('is local only without Redis', () => {
    const heard: string[] = [];
    localCacheBus().channel('pages', (key) => heard.push(key))('k');
    expect(heard).toEqual(['k']);
  });
});
