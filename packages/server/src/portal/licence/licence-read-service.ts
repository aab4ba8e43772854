import type { TListRequest } from '@edp/shared/contracts/common';
import type { TLicenceStatus } from '@edp/shared/contracts/com';
import { CommonErr } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors/index.ts';
import { licenceQueries, type RecordFilter } from './licence-query-repository.ts';

/** My license as a company reads it: its licences, sub-licences and issue records. */
export function licenceReadService({ db, clock }: Pick<Platform, 'db' | 'clock'>) {
  const queries = licenceQueries(db, { now: clock });
  return {
    /** A page of licences with the instant it stops being true (licence-page-cache.ts keeps it). */
    page: (companyId: string, req: TListRequest & { status?: TLicenceStatus }) =>
      queries.licencePage(companyId, req),
    subLicences: (companyId: string, licenceId: string) =>
      queries.subLicences(companyId, licenceId),
    /** Issue records of one of the company's licences; another company's is not found. */
    async ofLicence(companyId: string, licenceId: string, page: TListRequest) {
      if (!(await queries.licenceExists(companyId, licenceId))) {
        throw new AppError(CommonErr.NotFound);
      }
      return queries.recordPage(companyId, { licenceId }, page);
    },
    /** Issue records of the company, newest first, of one device or type, or all. */
    records: (companyId: string, filter: RecordFilter, page: TListRequest) =>
      queries.recordPage(companyId, filter, page),
  };
}
export type LicenceReadService = ReturnType<typeof licenceReadService>;
