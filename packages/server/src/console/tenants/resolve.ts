import type { Db } from '../../platform/db/index.ts';
import { tenantRepository, type TenantRow } from './tenant-repository.ts';

/** The host a request was made to, without its port, lower-cased: the tenant's key. */
export function domainOf(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

/**
 * The tenant served on a host: the one whose domain is the host (port ignored); when none
 * matches and the installation has exactly one tenant, that one — so a single-tenant install
 * also works by IP address or localhost (docs/console.md).
 */
export async function resolveTenant(
  db: Db,
  host: string | undefined,
): Promise<TenantRow | undefined> {
  const repo = tenantRepository(db);
  const exact = await repo.findByDomain(domainOf(host));
  if (exact) return exact;
  const firstTwo = await repo.firstTwo();
  return firstTwo.length === 1 ? firstTwo[0] : undefined;
}
