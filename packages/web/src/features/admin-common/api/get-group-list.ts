import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGroupItem } from '@edp/shared/contracts/user';
import { post } from '../../../lib/http.ts';

export const GROUP_LIST_PATH = '/user/group/list';

export function getGroupList(): Promise<{ list: TGroupItem[] }> {
  return post<{ list: TGroupItem[] }>(GROUP_LIST_PATH);
}

export const groupListQuery = queryOptions({
  queryKey: ['admin', 'groups'],
  queryFn: getGroupList,
});

export function useGroupList(enabled = true) {
  return useQuery({ ...groupListQuery, enabled });
}
