import { useQuery } from '@tanstack/react-query';
import { licenceRecords } from '@edp/shared/api/portal/licences.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

/** The renewal records of one licence: each certificate issued for it. */
export function getLicenceRecords(licenseId: string, params: PageParams) {
  return callApi(licenceRecords, { licenseId, ...params });
}

export const licenceRecordsQuery = (licenseId: string, params: PageParams) =>
  callQuery(licenceRecords, { licenseId, ...params });

export function useLicenceRecords(licenseId: string | undefined, params: PageParams) {
  return useQuery({ ...licenceRecordsQuery(licenseId ?? '', params), enabled: !!licenseId });
}
