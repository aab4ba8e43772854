import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';

/*
 * A read model of the audit module (console/audit owns `console_audit`): the figures of the audit
 * log the reports count. Selects only.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function auditReadModel(db: Db) {
  return {
    /** The tenant's entries in [from, to): how many, how many failed, the `limit` commonest actions. */
    async figures(tenantId: string, from: Date, to: Date, limit: number) {
      const [totals] = rowsOf<{ total: number; failures: number }>(
        await db.execute(sql`
          select count(*)::int as total,
            count(*) filter (where result = 'failure')::int as failures
          from console_audit
          where tenant_id = ${tenantId} and at >= ${from} and at < ${to}`),
      );
      const actions = rowsOf<{ key: string; n: number }>(
        await db.execute(sql`
          select action as key, count(*)::int as n from console_audit
          where tenant_id = ${tenantId} and at >= ${from} and at < ${to}
          group by action order by n desc, action limit ${limit}`),
      );
      return { total: totals?.total ?? 0, failures: totals?.failures ?? 0, actions };
    },
  };
}
