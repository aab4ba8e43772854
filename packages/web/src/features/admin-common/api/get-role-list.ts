import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TList } from '@edp/shared/contracts/common';
import type { ZRoleItem } from '@edp/shared/contracts/user';
import { post } from '../../../lib/http.ts';

export const ROLE_LIST_PATH = '/user/role/list';
export type TRoleItem = z.infer<typeof ZRoleItem>;

export interface RoleListParams {
  page: number;
  pageSize: number;
  keyword?: string;
}

export function getRoleList(params: RoleListParams): Promise<TList<TRoleItem>> {
  return post<TList<TRoleItem>>(ROLE_LIST_PATH, params);
}

export function useRoleList(params: RoleListParams, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'roles', params],
    queryFn: () => getRoleList(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every role (for selects): the largest page; a tenant has few roles. */
export function useAllRoles(enabled = true) {
  return useRoleList({ page: 1, pageSize: 50 }, enabled);
}
