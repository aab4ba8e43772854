import { queryOptions, useQuery } from '@tanstack/react-query';
import { subLicences } from '@edp/shared/api/portal/licences.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export function getSubLicences(licenseId: string) {
  return callApi(subLicences, { licenseId });
}

/** Not paged: no previous page to keep while another licence's list loads. */
export const subLicencesQuery = (licenseId: string) =>
  queryOptions({ ...callQuery(subLicences, { licenseId }), placeholderData: undefined });

export function useSubLicences(licenseId: string) {
  return useQuery(subLicencesQuery(licenseId));
}
