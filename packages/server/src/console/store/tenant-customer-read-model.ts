import { sql } from 'drizzle-orm';
import type { EngineKind } from '@edp/shared/constants';
import { containsPattern, textArray, uuidArray, type Db } from '../../platform/db/index.ts';

/*
 * A read model of the tenants module (console/tenants owns `tenants`): the tenants linked to the
 * vendor's customers, with whether each has initialised its keys (console/keys' `tenant_keys`)
 * and what its devices' running engines report (console/devices' `devices`), for the vendor's
 * customer pages (docs/portal.md "Customers"). Each answer is one statement: a filter comes back
 * as the customers' ids, never as a list of tenants to send back. Selects only.
 */

/** A tenant linked to a customer. */
export interface LinkedTenantRow {
  id: string;
  companyId: string;
  domain: string;
  sysName: string;
  status: 'active' | 'inactive';
  keyInitialised: boolean;
  createdAt: Date;
}

/** Running engines of one tenant, of one kind and version, counted. */
export interface EngineVersionCount {
  tenantId: string;
  kind: EngineKind;
  version: string;
  count: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ids = (result: unknown) => rowsOf<{ id: string }>(result).map((r) => r.id);

export function tenantCustomerReadModel(db: Db) {
  return {
    /** The tenants linked to these customers, oldest first. */
    async linkedTo(companyIds: readonly string[]): Promise<LinkedTenantRow[]> {
      if (!companyIds.length) return [];
      const rows = rowsOf<LinkedTenantRow & { keyInitialised: boolean | null }>(
        await db.execute(sql`
          select t.id, t.company_id as "companyId", t.domain, t.sys_name as "sysName", t.status,
                 k.tenant_id is not null as "keyInitialised", t.created_at as "createdAt"
          from tenants t left join tenant_keys k on k.tenant_id = t.id
          where t.company_id = any(${uuidArray(companyIds)}::uuid[])
          order by t.created_at, t.id`),
      );
      return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
    },

    /** The customers with a linked tenant that has initialised its keys. */
    async companiesWithKeys(): Promise<string[]> {
      return ids(
        await db.execute(sql`
          select distinct t.company_id as id from tenants t
          join tenant_keys k on k.tenant_id = t.id
          where t.company_id is not null`),
      );
    },

    /**
     * The customers with a running engine that reports `version`: the range of
     * devices_running_version_idx for it, joined to its tenants.
     */
    async companiesRunning(version: string): Promise<string[]> {
      return ids(
        await db.execute(sql`
          select distinct t.company_id as id
          from (select distinct tenant_id from devices
                where version = ${version} and status = 'running') d
          join tenants t on t.id = d.tenant_id
          where t.company_id is not null`),
      );
    },

    /** The customers linked to a tenant whose domain contains `keyword`. */
    async companiesByDomain(keyword: string): Promise<string[]> {
      return ids(
        await db.execute(sql`
          select distinct company_id as id from tenants
          where company_id is not null and domain ilike ${containsPattern(keyword)}`),
      );
    },

    /** These tenants' running engines by kind and version. */
    async enginesOf(tenantIds: readonly string[]): Promise<EngineVersionCount[]> {
      if (!tenantIds.length) return [];
      return rowsOf<EngineVersionCount>(
        await db.execute(sql`
          select tenant_id as "tenantId", kind, version, count(*)::int as count from devices
          where tenant_id = any(${uuidArray(tenantIds)}::uuid[]) and status = 'running'
          group by tenant_id, kind, version`),
      );
    },

    /**
     * For each (kind, version) asked, the running engines that report it and the customers they
     * are linked to: one range of devices_running_version_idx a version.
     */
    async versionUsage(
      asked: readonly { kind: EngineKind; version: string }[],
    ): Promise<{ kind: EngineKind; version: string; engines: number; customers: number }[]> {
      if (!asked.length) return [];
      return rowsOf(
        await db.execute(sql`
          select d.kind, d.version, count(*)::int as engines,
                 count(distinct t.company_id)::int as customers
          from devices d join tenants t on t.id = d.tenant_id
          where d.status = 'running'
            and d.version = any(${textArray(asked.map((a) => a.version))}::text[])
            and (d.kind, d.version) in (
              select * from unnest(${textArray(asked.map((a) => a.kind))}::text[],
                                   ${textArray(asked.map((a) => a.version))}::text[]))
          group by d.kind, d.version`),
      );
    },

    /** The customers whose running engines of `kind` report `version`, most engines first. */
    async versionUsers(
      kind: EngineKind,
      version: string,
      limit: number,
    ): Promise<{ companyId: string; engines: number }[]> {
      return rowsOf(
        await db.execute(sql`
          select t.company_id as "companyId", count(*)::int as engines
          from devices d join tenants t on t.id = d.tenant_id
          where d.status = 'running' and d.version = ${version} and d.kind = ${kind}
            and t.company_id is not null
          group by t.company_id order by engines desc, t.company_id limit ${limit}`),
      );
    },

    /**
     * Every version a running engine reports, each once: a loose scan of
     * devices_running_version_idx (one probe a version), not a read of every device.
     */
    async reportedVersions(): Promise<string[]> {
      return rowsOf<{ version: string }>(
        await db.execute(sql`
          with recursive v(version) as (
            (select version from devices where status = 'running' and version > ''
             order by version limit 1)
            union all
            select (select d.version from devices d
                    where d.status = 'running' and d.version > v.version
                    order by d.version limit 1)
            from v where v.version is not null
          )
          select version from v where version is not null`),
      ).map((r) => r.version);
    },
  };
}
