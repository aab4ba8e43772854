/**
 * A small bounded cache whose entries expire, for state this node reads on every call and that
 * changes rarely (sessions, console actors, list pages). Written here rather than taken from
 * lru-cache because callers need three things together: the clock they are tested with, an
 * expiry per entry (a proxy window may end before the usual one) and eviction by predicate
 * (every session of a subject, every page of a company).
 *
 * `load` guards against a race that would otherwise keep stale data for a whole TTL: a value
 * read from the database while an eviction ran is handed out but not kept.
 */
export interface TtlCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V, ttlMs?: number): void;
  /**
   * The cached value, else `fetch()`'s (kept unless undefined or evicted meanwhile). A `ttlMs`
   * function gets the instant the entry is stored at, so it can end it at a given time.
   */
  load(
    key: K,
    fetch: () => Promise<V | undefined>,
    ttlMs?: number | ((value: V, at: number) => number),
  ): Promise<V | undefined>;
  delete(key: K): void;
  deleteWhere(match: (value: V, key: K) => boolean): void;
  clear(): void;
  readonly size: number;
}

export function ttlCache<K, V>(opts: {
  max: number;
  ttlMs: number;
  now?: () => number;
}): TtlCache<K, V> {
  const now = opts.now ?? Date.now;
  // A Map iterates in insertion order; re-inserting on a hit keeps the oldest use first.
  const entries = new Map<K, { value: V; until: number }>();
  // Bumped by every eviction: a load that started before it must not store what it read.
  let epoch = 0;

  function put(key: K, value: V, ttlMs: number, at: number) {
    if (ttlMs <= 0) return;
    entries.delete(key);
    entries.set(key, { value, until: at + Math.min(ttlMs, opts.ttlMs) });
    if (entries.size > opts.max) entries.delete(entries.keys().next().value as K);
  }

  const cache: TtlCache<K, V> = {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    },
    set(key, value, ttlMs = opts.ttlMs) {
      put(key, value, ttlMs, now());
    },
    async load(key, fetch, ttlMs) {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const started = epoch;
      const value = await fetch();
      if (value !== undefined && started === epoch) {
        const at = now();
        put(key, value, typeof ttlMs === 'function' ? ttlMs(value, at) : (ttlMs ?? opts.ttlMs), at);
      }
      return value;
    },
    delete(key) {
      epoch++;
      entries.delete(key);
    },
    deleteWhere(match) {
      epoch++;
      for (const [key, { value }] of entries) if (match(value, key)) entries.delete(key);
    },
    clear() {
      epoch++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}
