import type { FastifyReply } from 'fastify';
import type { AnswerCache, CacheableAnswer } from '../cache/index.ts';

/**
 * Sends a read call's success answer from `cache` (platform/cache/answer-cache.ts): the very
 * bytes sent before to the same owner, key and language, else the loaded answer serialised by the
 * route's schema, kept for the next one.
 */
export async function sendKept<T>(
  reply: FastifyReply,
  cache: AnswerCache,
  owner: string,
  key: string,
  load: () => Promise<CacheableAnswer<T>>,
): Promise<FastifyReply> {
  const body = await cache.bytes(
    owner,
    `${reply.request.locale}\n${key}`,
    load,
    (data) => reply.serialize(reply.ok(data)) as string,
  );
  return reply.type('application/json; charset=utf-8').send(body);
}
