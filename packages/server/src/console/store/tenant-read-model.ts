import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';

/*
 * A read model of the tenants module (console/tenants owns `tenants`): which tenants there are,
 * as the logs' maintenance and restore read them. Selects only.
 */

/** Every tenant's id, as a select a statement reads from. */
export const tenantIdsSql = sql`select id from tenants`;

export function tenantReadModel(db: Db) {
  return {
    async exists(tenantId: string): Promise<boolean> {
      const found = await db.execute(sql`select 1 from tenants where id = ${tenantId}`);
      return (found as unknown as { rows: unknown[] }).rows.length > 0;
    },
  };
}
