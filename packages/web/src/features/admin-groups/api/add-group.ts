import { groupList, addGroup as addGroupCall } from '@edp/shared/api/console/groups.calls';
import { roleList } from '@edp/shared/api/console/roles.calls';
import { userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Adds a group (a subgroup when `parentId` is given). */
export function addGroup(input: BodyOf<typeof addGroupCall>) {
  return callApi(addGroupCall, input, { success: true });
}

export function useAddGroup() {
  return useChange(addGroup, [groupList, userList, roleList]);
}
