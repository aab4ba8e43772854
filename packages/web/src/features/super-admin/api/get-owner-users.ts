import { useQuery } from '@tanstack/react-query';
import { ownerUserList } from '@edp/shared/api/portal/tenants.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callQuery } from '../../../lib/api-query.ts';

export type OwnerUserFilter = BodyOf<typeof ownerUserList>;
export type OwnerUserRow = DataOf<typeof ownerUserList>['list'][number];

/** A tenant's console users (no password or hash); errors are shown in the drawer. */
export function useOwnerUsers(filter: OwnerUserFilter) {
  return useQuery(
    callQuery(ownerUserList, { ...filter, keyword: filter.keyword || undefined }, { silent: true }),
  );
}
