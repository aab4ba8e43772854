import type { EngineKind } from '@edp/shared/constants';

/**
 * What the vendor's product versions read of the console, handed in by services.ts (the portal
 * imports no console module): the running engines that report a version, the customers they are
 * linked to, and the tenants' installers of it.
 */
export interface VersionFacts {
  usage(
    asked: readonly { kind: EngineKind; version: string }[],
  ): Promise<{ kind: EngineKind; version: string; engines: number; customers: number }[]>;
  users(
    kind: EngineKind,
    version: string,
    limit: number,
  ): Promise<{ companyId: string; engines: number }[]>;
  installers(
    asked: readonly { kind: EngineKind; systemVersion: string; version: string }[],
  ): Promise<{ kind: EngineKind; systemVersion: string; version: string; count: number }[]>;
}
