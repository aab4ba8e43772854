import { useQuery } from '@tanstack/react-query';
import { groupList } from '@edp/shared/api/console/groups.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export function getGroupList() {
  return callApi(groupList);
}

export const groupListQuery = callQuery(groupList);

export function useGroupList(enabled = true) {
  return useQuery({ ...groupListQuery, enabled });
}
