import { and, count, eq, or } from 'drizzle-orm';
import type { EngineKind } from '@edp/shared/constants';
import { installers, type Db } from '../../platform/db/index.ts';

/**
 * A read model of the installers module (console/installers owns the table `installers`): what the
 * device centre, a layer beside it, reads of a tenant's installers, and how many installers the
 * tenants hold of each of the vendor's product versions (the vendor's tenant service). Selects only.
 */
export function installerReadModel(db: Db) {
  return {
    /** How many installers (of every tenant) each (kind, system, version) has. */
    async countsOf(asked: readonly { kind: EngineKind; systemVersion: string; version: string }[]) {
      if (!asked.length) return [];
      return db
        .select({
          kind: installers.kind,
          systemVersion: installers.systemVersion,
          version: installers.version,
          count: count(),
        })
        .from(installers)
        .where(
          or(
            ...asked.map((a) =>
              and(
                eq(installers.kind, a.kind),
                eq(installers.systemVersion, a.systemVersion),
                eq(installers.version, a.version),
              ),
            ),
          ),
        )
        .groupBy(installers.kind, installers.systemVersion, installers.version);
    },
    /** The versions of each kind the tenant's installers hold. */
    async versions(tenantId: string) {
      return db
        .selectDistinct({ kind: installers.kind, version: installers.version })
        .from(installers)
        .where(eq(installers.tenantId, tenantId));
    },
  };
}
