import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyRow } from '@edp/shared/contracts/sa';
import type { TList } from '@edp/shared/contracts/common';
import { post } from '../../../lib/http.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

export const COMPANIES_PATH = '/sa/coms';

export type CompanyFilter = PageParams & { keyword?: string | undefined };

export function getCompanies(filter: CompanyFilter): Promise<TList<TCompanyRow>> {
  return post<TList<TCompanyRow>>(COMPANIES_PATH, {
    ...filter,
    keyword: filter.keyword || undefined,
  });
}

export const companiesQuery = (filter: CompanyFilter) =>
  queryOptions({
    queryKey: ['sa', 'companies', filter],
    queryFn: () => getCompanies(filter),
    placeholderData: keepPreviousData,
  });

export function useCompanies(filter: CompanyFilter) {
  return useQuery(companiesQuery(filter));
}
