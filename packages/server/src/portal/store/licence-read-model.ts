import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { engines, issueRecords, licences } from '../../platform/db/index.ts';

/*
 * A read model of the licence module (portal/licence owns `licences`, `licence_requests`,
 * `issue_records` and `engines`): what a company's balance history says of the certificate a
 * deduction paid for (portal/balance), and the licences the vendor's companies list counts
 * (portal/super-admin). Selects only.
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
