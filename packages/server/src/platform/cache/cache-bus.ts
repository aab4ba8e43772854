import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Logger } from '../log.ts';

/** Forgets what a cache keeps under `key` (a token hash, a company, a tenant…). */
export type Evict = (key: string) => void;

/**
 * Sessions, console actors and list pages are kept on each node for a few seconds, and a change
 * evicts this node's copies at once. The bus carries the eviction to the other nodes too (Redis
 * pub/sub when `REDIS_URL` is set), so that a revoked token, a disabled user, a changed role or a
 * new licence shows everywhere at the next call rather than when the copies expire. Without
 * Redis (one node) it is local only; while Redis is unreachable the caches' TTL still bounds how
 * long another node may answer from an old copy.
 */
export interface CacheBus {
  /** Registers what evicting from cache `name` does on this node; returns "evict everywhere". */
  channel(name: string, evictHere: Evict): Evict;
  /** Resolves once this node hears the other nodes (tests wait for it). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export function localCacheBus(): CacheBus {
  return {
    channel: (_name, evictHere) => evictHere,
    ready: Promise.resolve(),
    close: async () => undefined,
  };
}

const TOPIC = 'edp:cache-evict';

interface Message {
  /** The sending node, which has evicted already. */
  from: string;
  channel: string;
  key: string;
}

export function redisCacheBus(url: string, log: Logger): CacheBus {
  const node = randomUUID();
  const handlers = new Map<string, Evict>();
  // Loaded only with REDIS_URL: it costs a tenth of a start's imports.
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof IORedis;
  // A subscribed connection can do nothing else, hence two.
  const pub = new Redis(url, { maxRetriesPerRequest: 1 });
  const sub = new Redis(url);
  for (const conn of [pub, sub]) {
    conn.on('error', (err: Error) => log.warn({ err: err.message }, 'cache bus: Redis error'));
  }
  sub.on('message', (_topic: string, text: string) => {
    let msg: Message;
    try {
      msg = JSON.parse(text) as Message;
    } catch {
      return;
    }
    if (msg.from !== node) handlers.get(msg.channel)?.(msg.key);
  });
  const ready = sub.subscribe(TOPIC).then(() => undefined);
  ready.catch((err: Error) => log.warn({ err: err.message }, 'cache bus: not subscribed'));

  return {
    channel(name, evictHere) {
      handlers.set(name, evictHere);
      return (key) => {
        evictHere(key);
        const msg: Message = { from: node, channel: name, key };
        pub
          .publish(TOPIC, JSON.stringify(msg))
          .catch((err: Error) =>
            log.warn({ err: err.message, channel: name }, 'cache bus: eviction not published'),
          );
      };
    },
    ready,
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
