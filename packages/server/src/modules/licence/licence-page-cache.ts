import { ttlCache } from '../../lib/ttl-cache.ts';

/**
 * How long this node keeps a page of My license. Issuing on this node forgets the company's
 * pages at once; another node shows a new licence when its copy expires (docs/decisions.md
 * "Caches").
 */
export const LICENCE_PAGE_CACHE_MS = 5_000;

/** A licence as the page keeps it: no time-dependent field (status, days left) is kept. */
export interface CachedLicence {
  id: string;
  code: string;
  kind: string;
  deviceId: string;
  serial: number;
  issuedAt: string;
  expiresAt: string;
  expiresAtMs: number;
  maxDevices: number;
}

export interface CachedLicencePage {
  companyId: string;
  total: number;
  rows: CachedLicence[];
}

/**
 * Pages of a company's whole licence list (no status filter): with 10,000 licences each page
 * costs a count over all of them. Only the unfiltered list is kept: its order (by expiry) and
 * total do not move with the clock, whereas a status filter's do.
 */
export function licencePageCache(now: () => number = Date.now) {
  const pages = ttlCache<string, CachedLicencePage>({
    max: 2_000,
    ttlMs: LICENCE_PAGE_CACHE_MS,
    now,
  });
  return {
    load(
      companyId: string,
      page: { page: number; pageSize: number },
      fetch: () => Promise<CachedLicencePage>,
    ): Promise<CachedLicencePage | undefined> {
      return pages.load(`${companyId}/${page.pageSize}/${page.page}`, fetch);
    },
    /** After the company's licences changed (an issue or a renewal). */
    changed(companyId: string) {
      pages.deleteWhere((p) => p.companyId === companyId);
    },
  };
}

export type LicencePageCache = ReturnType<typeof licencePageCache>;
