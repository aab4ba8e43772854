import { useQuery } from '@tanstack/react-query';
import { packageList } from '@edp/shared/api/portal/vendor.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export type PackageFilter = BodyOf<typeof packageList>;

const body = (filter: PackageFilter): PackageFilter => ({
  ...filter,
  keyword: filter.keyword || undefined,
});

export function getPackages(filter: PackageFilter) {
  return callApi(packageList, body(filter));
}

export const packagesQuery = (filter: PackageFilter) => callQuery(packageList, body(filter));

export function usePackages(filter: PackageFilter) {
  return useQuery(packagesQuery(filter));
}
