import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import type { EngineKind } from '@edp/shared/constants';

/** A list of ids as one array parameter (`= any(…)`), however many there are. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Running engines of one tenant, of one kind and version, counted. */
export interface EngineVersionCount {
  tenantId: string;
  kind: EngineKind;
  version: string;
  count: number;
}

/** What the devices' engines report of their versions, across tenants (the vendor's reads). */
export function deviceVersionRepository(db: Db) {
  return {
    /** The tenants with a running engine that reports `version`: a range of devices_version_idx. */
    async tenantsRunning(version: string): Promise<string[]> {
      const rows = rowsOf<{ tenant_id: string }>(
        await db.execute(sql`
          select distinct tenant_id from devices
          where version = ${version} and status = 'running'`),
      );
      return rows.map((r) => r.tenant_id);
    },

    /** These tenants' running engines by kind and version. */
    async countsOf(tenantIds: readonly string[]): Promise<EngineVersionCount[]> {
      if (!tenantIds.length) return [];
      const rows = rowsOf<{ tenant_id: string; kind: EngineKind; version: string; n: number }>(
        await db.execute(sql`
          select tenant_id, kind, version, count(*)::int as n from devices
          where tenant_id = any(${uuidArray(tenantIds)}::uuid[]) and status = 'running'
          group by tenant_id, kind, version`),
      );
      return rows.map((r) => ({
        tenantId: r.tenant_id,
        kind: r.kind,
        version: r.version,
        count: r.n,
      }));
    },

    /**
     * Every version an engine reports, each once: a loose scan of devices_version_idx (one
     * probe a version, however many devices report it), not a read of every device.
     */
    async versions(): Promise<string[]> {
      const rows = rowsOf<{ version: string }>(
        await db.execute(sql`
        with recursive v(version) as (
          (select version from devices where version > '' order by version limit 1)
          union all
          select (select d.version from devices d where d.version > v.version
                  order by d.version limit 1)
          from v where v.version is not null
        )
        select version from v where version is not null`),
      );
      return rows.map((r) => r.version);
    },
  };
}
