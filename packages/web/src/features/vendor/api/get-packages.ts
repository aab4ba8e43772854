import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPackage } from '@edp/shared/contracts/sa';
import type { TList } from '@edp/shared/contracts/common';
import { post } from '../../../lib/http.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

export const PACKAGES_PATH = '/sa/pks';

export type PackageFilter = PageParams & { keyword?: string | undefined };

export function getPackages(filter: PackageFilter): Promise<TList<TPackage>> {
  return post<TList<TPackage>>(PACKAGES_PATH, { ...filter, keyword: filter.keyword || undefined });
}

export const packagesQuery = (filter: PackageFilter) =>
  queryOptions({
    queryKey: ['sa', 'packages', filter],
    queryFn: () => getPackages(filter),
    placeholderData: keepPreviousData,
  });

export function usePackages(filter: PackageFilter) {
  return useQuery(packagesQuery(filter));
}
