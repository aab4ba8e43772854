import { describe, expect, it } from 'vitest';
import { ttlCache } from './ttl-cache.ts';

describe('ttlCache', () => {
  it('forgets an entry when its time is up, and the oldest when full', () => {
    let clock = 0;
    const cache = ttlCache<string, number>({ max: 2, ttlMs: 1_000, now: () => clock });
    cache.set('a', 1);
    cache.set('b', 2, 100); // its own, shorter time
    clock = 100;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    cache.set('b', 2);
    cache.get('a'); // used: 'b' is now the oldest
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    clock = 1_100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep what a load read while an eviction ran', async () => {
    const cache = ttlCache<string, string>({ max: 10, ttlMs: 1_000 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const loading = cache.load('k', async () => {
      await gate;
      return 'read before the change';
    });
    cache.deleteWhere(() => true); // the change lands while the read is in flight
    release();
    expect(await loading).toBe('read before the change');
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.load('k', async () => 'fresh')).toBe('fresh');
    expect(cache.get('k')).toBe('fresh');
  });
});
