import { answerCache } from '../../lib/answer-cache.ts';

/**
 * How long this node keeps a page of My license. Issuing on this node forgets the company's
 * pages at once; another node shows a new licence when its copy expires (docs/decisions.md
 * "Caches").
 */
export const LICENCE_PAGE_CACHE_MS = 5_000;

/**
 * Pages of a company's whole licence list (no status filter), kept as sent: with 10,000
 * licences each page costs a count over all of them. Only the unfiltered list is kept: its order
 * (by expiry) and total do not move with the clock, whereas a status filter's do. Each page is
 * kept until the first of its rows changes status or days left (`nextStatusChange`).
 */
export function licencePageCache(now: () => number = Date.now) {
  return answerCache({ max: 2_000, ttlMs: LICENCE_PAGE_CACHE_MS, now });
}

export type LicencePageCache = ReturnType<typeof licencePageCache>;
