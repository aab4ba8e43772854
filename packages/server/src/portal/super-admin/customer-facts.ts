import type { EngineKind } from '@edp/shared/constants';

/** A console tenant linked to a customer, as the vendor's pages show it. */
export interface CustomerTenant {
  id: string;
  companyId: string;
  domain: string;
  sysName: string;
  status: 'active' | 'inactive';
  keyInitialised: boolean;
  createdAt: Date;
}

/**
 * What the vendor's customer pages read of the console (its tenants, their keys, their devices'
 * engines), handed in by services.ts: the portal imports no console module.
 */
export interface CustomerFacts {
  /** The tenants linked to these customers, with whether each has initialised its keys. */
  linkedTo(companyIds: readonly string[]): Promise<CustomerTenant[]>;
  /** The customers with a linked tenant that has initialised its keys. */
  companiesWithKeys(): Promise<string[]>;
  /** The customers with a running engine that reports `version`. */
  companiesRunning(version: string): Promise<string[]>;
  /** The customers linked to a tenant whose domain contains `keyword`. */
  companiesByDomain(keyword: string): Promise<string[]>;
  /** These tenants' running engines by kind and version. */
  enginesOf(
    tenantIds: readonly string[],
  ): Promise<{ tenantId: string; kind: EngineKind; version: string; count: number }[]>;
  /** Every version a running engine reports, each once. */
  reportedVersions(): Promise<string[]>;
}
