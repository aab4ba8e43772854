import { useQuery } from '@tanstack/react-query';
import { companyList } from '@edp/shared/api/portal/vendor.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export type CompanyFilter = BodyOf<typeof companyList>;

const body = (filter: CompanyFilter): CompanyFilter => ({
  ...filter,
  keyword: filter.keyword || undefined,
});

export function getCompanies(filter: CompanyFilter) {
  return callApi(companyList, body(filter));
}

export const companiesQuery = (filter: CompanyFilter) => callQuery(companyList, body(filter));

export function useCompanies(filter: CompanyFilter) {
  return useQuery(companiesQuery(filter));
}
