import { eq } from 'drizzle-orm';
import { installers, type Db } from '../../platform/db/index.ts';

/**
 * A read model of the installers module (console/installers owns the table `installers`): what the
 * device centre, a layer beside it, reads of a tenant's installers. Selects only.
 */
export function installerReadModel(db: Db) {
  return {
    /** The versions of each kind the tenant's installers hold. */
    async versions(tenantId: string) {
      return db
        .selectDistinct({ kind: installers.kind, version: installers.version })
        .from(installers)
        .where(eq(installers.tenantId, tenantId));
    },
  };
}
