import { sql, type SQL } from 'drizzle-orm';

/**
 * A list of ids as one array parameter (`= any(${uuidArray(ids)}::uuid[])`): one parameter
 * however many ids, where a parameter each would reach PostgreSQL's limit of 65,535.
 */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Texts as one array parameter (`::text[]`), each quoted: a text may hold `,`, `{` or `"`. */
export const textArray = (texts: readonly string[]) =>
  `{${texts.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** A time per tenant: before it, a tenant's entries are past its retention. */
export interface TenantCutoff {
  tenantId: string;
  before: Date;
}

/**
 * Cutoffs as a row source `c(tenant_id, before)`, two array parameters however many tenants: a
 * retention asks "which of them have anything older" in one statement, one index probe a
 * tenant, where a statement a tenant held PGlite's one connection for seconds at 10,000.
 */
export const cutoffRows = (cutoffs: readonly TenantCutoff[]): SQL =>
  sql`unnest(${uuidArray(cutoffs.map((c) => c.tenantId))}::uuid[],
             ${textArray(cutoffs.map((c) => c.before.toISOString()))}::timestamptz[])
      as c(tenant_id, before)`;
