import { useQuery } from '@tanstack/react-query';
import { roleList } from '@edp/shared/api/console/roles.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export type RoleListParams = BodyOf<typeof roleList>;
export type TRoleItem = DataOf<typeof roleList>['list'][number];

export function getRoleList(params: RoleListParams) {
  return callApi(roleList, params);
}

export function useRoleList(params: RoleListParams, enabled = true) {
  return useQuery({ ...callQuery(roleList, params), enabled });
}

/** Every role (for selects): the largest page; a tenant has few roles. */
export function useAllRoles(enabled = true) {
  return useRoleList({ page: 1, pageSize: 50 }, enabled);
}
