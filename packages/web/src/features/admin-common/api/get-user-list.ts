import { useQuery } from '@tanstack/react-query';
import { userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export type UserListParams = BodyOf<typeof userList>;

export function getUserList(params: UserListParams) {
  return callApi(userList, params);
}

export function useUserList(params: UserListParams, enabled = true) {
  return useQuery({ ...callQuery(userList, params), enabled });
}
