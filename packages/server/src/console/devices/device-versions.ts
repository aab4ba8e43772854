import type { Platform } from '../../platform/platform.ts';
import { deviceVersionRepository } from './device-version-repository.ts';

export type { EngineVersionCount } from './device-version-repository.ts';

/** Newest-looking first: numeric parts compared as numbers ("2.10.0" after "2.9.1"). */
const newestFirst = (a: string, b: string) =>
  b.localeCompare(a, 'en', { numeric: true, sensitivity: 'base' });

/**
 * The engine versions the devices report, across tenants: what the vendor's customer list
 * filters by and a customer's page counts (docs/portal.md "Customers"). Reads only.
 */
export function deviceVersions({ db }: Pick<Platform, 'db'>) {
  const repo = deviceVersionRepository(db);
  return {
    /** The tenants with a running engine of `version`. */
    tenantsRunning: (version: string) => repo.tenantsRunning(version),
    /** These tenants' running engines by kind and version. */
    countsOf: (tenantIds: readonly string[]) => repo.countsOf(tenantIds),
    /** Every version an engine reports, newest-looking first. */
    versions: async () => (await repo.versions()).sort(newestFirst),
  };
}
export type DeviceVersions = ReturnType<typeof deviceVersions>;
