import { ttlCache } from './ttl-cache.ts';

/** What a loader gives the cache: the answer's data, and until when it stays true. */
export interface CacheableAnswer<T> {
  data: T;
  /** The first instant (ms) at which the same call could answer differently by the clock. */
  stableUntil: number;
}

interface Entry {
  owner: string;
  body: Buffer;
  stableUntil: number;
}

/**
 * Success answers of a read call, kept as the very bytes sent, per owner (a company or a
 * tenant), key and language. A list page read many times a second by a company's screens and
 * scripts then costs neither its query, nor building its rows, nor writing its JSON: with 10,000
 * licences those were most of My license's time beside the HTTP work (bench/api.mjs).
 *
 * An entry lives the cache's TTL at most, and never past the loader's `stableUntil`, so
 * time-dependent fields (a status, days left) are never stale. The owner's changes evict it.
 */
export function answerCache(opts: { max: number; ttlMs: number; now?: () => number }) {
  const answers = ttlCache<string, Entry>(opts);
  return {
    /**
     * The kept bytes of `key`, else loads the answer, renders it (`render`: the route's own
     * serialiser, in the reader's language, which the key must therefore name) and keeps them.
     */
    async bytes<T>(
      owner: string,
      key: string,
      load: () => Promise<CacheableAnswer<T>>,
      render: (data: T) => string,
    ): Promise<Buffer> {
      const entry = await answers.load(
        `${owner}\n${key}`,
        async () => {
          const { data, stableUntil } = await load();
          return { owner, body: Buffer.from(render(data)), stableUntil };
        },
        (e, at) => e.stableUntil - at,
      );
      return entry!.body;
    },
    /** After the owner's data changed: forgets the owner's answers on this node. */
    changed(owner: string) {
      answers.deleteWhere((e) => e.owner === owner);
    },
    get size() {
      return answers.size;
    },
  };
}

export type AnswerCache = ReturnType<typeof answerCache>;
