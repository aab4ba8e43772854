import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';

/*
 * A read model of the licences module (console/licences owns `device_licence_requests`): the
 * requests the reports count. Selects only.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function licenceReadModel(db: Db) {
  return {
    /** The tenant's licence requests made in [from, to), by purpose (activate, renew). */
    async requestsByPurpose(tenantId: string, from: Date, to: Date) {
      return rowsOf<{ key: string; n: number }>(
        await db.execute(sql`
          select purpose as key, count(*)::int as n from device_licence_requests
          where tenant_id = ${tenantId} and created_at >= ${from} and created_at < ${to}
          group by purpose order by purpose`),
      );
    },
  };
}
