import type { FastifyReply } from 'fastify';
import type { AnswerCache } from '../../platform/cache/index.ts';
import { sendKept } from '../../platform/http/index.ts';
import type { Caller } from '../access/index.ts';

/**
 * Sends a console list page from `pages`, kept per tenant, the caller's group scope, the list and
 * its query: everything such an answer depends on. `load` reads it when it is not kept; a change
 * to the tenant's data evicts it (access/console-cache.ts, devices/device-counts.ts).
 */
export function sendList<T>(
  reply: FastifyReply,
  pages: AnswerCache,
  caller: Caller,
  list: string,
  query: object,
  load: () => Promise<T>,
): Promise<FastifyReply> {
  const key = JSON.stringify([list, caller.actor.scopeGroupIds, query]);
  return sendKept(reply, pages, caller.actor.tenantId, key, async () => ({
    data: await load(),
    stableUntil: Infinity,
  }));
}
