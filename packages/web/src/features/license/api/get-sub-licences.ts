import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubLicence } from '@edp/shared/contracts/com';
import { post } from '../../../lib/http.ts';

export const SUB_LICENCES_PATH = '/com/my/license/sub';

export function getSubLicences(licenseId: string): Promise<{ list: TSubLicence[] }> {
  return post<{ list: TSubLicence[] }>(SUB_LICENCES_PATH, { licenseId });
}

export const subLicencesQuery = (licenseId: string) =>
  queryOptions({
    queryKey: ['com', 'licence-sub', licenseId],
    queryFn: () => getSubLicences(licenseId),
  });

export function useSubLicences(licenseId: string) {
  return useQuery(subLicencesQuery(licenseId));
}
