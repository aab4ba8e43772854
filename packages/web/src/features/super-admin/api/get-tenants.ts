import { useQuery } from '@tanstack/react-query';
import { tenantList } from '@edp/shared/api/portal/tenants.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callQuery } from '../../../lib/api-query.ts';

export type TenantFilter = BodyOf<typeof tenantList>;
export type TenantRow = DataOf<typeof tenantList>['list'][number];

const body = (filter: TenantFilter): TenantFilter => ({
  ...filter,
  keyword: filter.keyword || undefined,
});

/** The console's tenants with what each holds; errors are shown on the page, not toasted. */
export const tenantsQuery = (filter: TenantFilter) =>
  callQuery(tenantList, body(filter), { silent: true });

export function useTenants(filter: TenantFilter) {
  return useQuery(tenantsQuery(filter));
}
