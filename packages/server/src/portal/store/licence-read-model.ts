import { eq, sql, type SQL } from 'drizzle-orm';
import { LICENCE_WARNING_DAYS } from '@edp/shared/constants';
import { DAY_MS } from '@edp/shared/licence-days';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { engines, issueRecords, licences } from '../../platform/db/index.ts';

/*
 * A read model of the licence module (portal/licence owns `licences`, `licence_requests`,
 * `issue_records` and `engines`): what a company's balance history says of the certificate a
 * deduction paid for (portal/balance), and the licences the vendor's customer list counts and
 * filters by (portal/super-admin). Selects only.
 */

/**
 * Every issue record's id with its licence's code, its device and its engine's kind, as a
 * subquery a list joins on the record's id: `.leftJoin(issuedFiles, eq(issuedFiles.id, …))`.
 */
export const issuedFiles = new QueryBuilder()
  .select({
    id: issueRecords.id,
    licenceCode: licences.code,
    deviceId: issueRecords.deviceId,
    kind: engines.kind,
  })
  .from(issueRecords)
  .leftJoin(licences, eq(licences.id, issueRecords.licenceId))
  .leftJoin(engines, eq(engines.id, issueRecords.engineId))
  .as('issued_files');

/**
 * A company's licences, as a column of a select over `companies` (the column is spelled out:
 * drizzle leaves it unqualified in single-table selects).
 */
export const companyLicenceCountSql = sql<number>`(select count(*) from licences l where l.company_id = "companies"."id")::int`;

/** A company's licences whose expiry is in `[from, to)` (either end open when absent). */
const licencesOfCompany = (from: Date | undefined, to: Date | undefined): SQL =>
  sql`from licences l where l.company_id = "companies"."id"${
    from ? sql` and l.expires_at >= ${from.toISOString()}::timestamptz` : sql``
  }${to ? sql` and l.expires_at < ${to.toISOString()}::timestamptz` : sql``}`;

/**
 * A company's licences expiring (under 30 days left) and expired at `now`, counted as columns
 * of a select over `companies` (licence-status.ts draws the same lines); each a range of
 * licences_company_expires_idx.
 */
export function companyLicenceStateSql(now: number) {
  const after = new Date(now + 1);
  const warning = new Date(now + LICENCE_WARNING_DAYS * DAY_MS);
  return {
    expiring: sql<number>`(select count(*) ${licencesOfCompany(after, warning)})::int`,
    expired: sql<number>`(select count(*) ${licencesOfCompany(undefined, after)})::int`,
    /** The company holds a licence in that state. */
    has: (state: 'expiring' | 'expired') =>
      state === 'expiring'
        ? sql`exists (select 1 ${licencesOfCompany(after, warning)})`
        : sql`exists (select 1 ${licencesOfCompany(undefined, after)})`,
  };
}
