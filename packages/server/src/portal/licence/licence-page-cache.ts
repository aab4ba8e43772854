import { answerCache, type CacheBus } from '../../platform/cache/index.ts';

/**
 * How long a node keeps a page of My license. Issuing forgets the company's pages at once, on
 * every node when the cache bus runs on Redis; otherwise another node shows a new licence when
 * its copy expires (docs/decisions.md "Caches").
 */
export const LICENCE_PAGE_CACHE_MS = 5_000;

/**
 * Pages of a company's licence list, by status filter, kept as sent: with 10,000 licences each
 * page costs a count over all of them. A page is kept until it would read otherwise by the clock
 * alone: the first of its rows changes status or days left (`nextStatusChange`), or, under a
 * status filter, a licence of the company joins or leaves the filtered set (licence-query-repository.ts).
 */
export function licencePageCache({ clock, bus }: { clock: () => number; bus: CacheBus }) {
  const pages = answerCache({ max: 2_000, ttlMs: LICENCE_PAGE_CACHE_MS, now: clock });
  return {
    /** The pages as sent (portal/http/licence.ts). */
    pages,
    /** After the company's licences changed: here and, through the bus, on every other node. */
    changed: bus.channel('licence-pages', (companyId) => pages.changed(companyId)),
  };
}

export type LicencePageCache = ReturnType<typeof licencePageCache>;
