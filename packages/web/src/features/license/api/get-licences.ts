import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TLicenceItem, TLicenceStatus } from '@edp/shared/contracts/com';
import type { TList } from '@edp/shared/contracts/common';
import { post } from '../../../lib/http.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

export const LICENCES_PATH = '/com/my/license';

export type LicenceFilter = PageParams & { status?: TLicenceStatus | undefined };

export function getLicences(filter: LicenceFilter): Promise<TList<TLicenceItem>> {
  return post<TList<TLicenceItem>>(LICENCES_PATH, filter);
}

export const licencesQuery = (filter: LicenceFilter) =>
  queryOptions({
    queryKey: ['com', 'licences', filter],
    queryFn: () => getLicences(filter),
    placeholderData: keepPreviousData,
  });

export function useLicences(filter: LicenceFilter) {
  return useQuery(licencesQuery(filter));
}
