import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TList } from '@edp/shared/contracts/common';
import type { TUserItem } from '@edp/shared/contracts/user';
import type { UserStatus } from '@edp/shared/permissions';
import { post } from '../../../lib/http.ts';

export const USER_LIST_PATH = '/user/ug/list';

export interface UserListParams {
  page: number;
  pageSize: number;
  groupId?: string;
  keyword?: string;
  status?: UserStatus;
}

export function getUserList(params: UserListParams): Promise<TList<TUserItem>> {
  return post<TList<TUserItem>>(USER_LIST_PATH, params);
}

export function useUserList(params: UserListParams, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'users', params],
    queryFn: () => getUserList(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
