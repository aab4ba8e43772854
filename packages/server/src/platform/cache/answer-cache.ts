import type { FastifyReply } from 'fastify';
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
    /** Sends the kept answer of `key`, else loads, serialises (the route's schema) and keeps it. */
    async send<T>(
      reply: FastifyReply,
      owner: string,
      key: string,
      load: () => Promise<CacheableAnswer<T>>,
    ): Promise<FastifyReply> {
      const entry = await answers.load(
        `${owner}\n${reply.request.locale}\n${key}`,
        async () => {
          const { data, stableUntil } = await load();
          const text = reply.serialize(reply.ok(data)) as string;
          return { owner, body: Buffer.from(text), stableUntil };
        },
        (e, at) => e.stableUntil - at,
      );
      return reply.type('application/json; charset=utf-8').send(entry!.body);
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
