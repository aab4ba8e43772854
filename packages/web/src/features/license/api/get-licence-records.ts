import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TIssueRecord } from '@edp/shared/contracts/com';
import type { TList } from '@edp/shared/contracts/common';
import { post } from '../../../lib/http.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

export const LICENCE_RECORDS_PATH = '/com/my/license/record';

/** The renewal records of one licence: each certificate issued for it. */
export function getLicenceRecords(licenseId: string, params: PageParams) {
  return post<TList<TIssueRecord>>(LICENCE_RECORDS_PATH, { licenseId, ...params });
}

export const licenceRecordsQuery = (licenseId: string, params: PageParams) =>
  queryOptions({
    queryKey: ['com', 'licence-records', licenseId, params],
    queryFn: () => getLicenceRecords(licenseId, params),
    placeholderData: keepPreviousData,
  });

export function useLicenceRecords(licenseId: string | undefined, params: PageParams) {
  return useQuery({ ...licenceRecordsQuery(licenseId ?? '', params), enabled: !!licenseId });
}
