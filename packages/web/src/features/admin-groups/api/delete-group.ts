import { groupList, deleteGroup as deleteGroupCall } from '@edp/shared/api/console/groups.calls';
import { roleList } from '@edp/shared/api/console/roles.calls';
import { userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Only without subgroups, devices, roles or users (the server says which). */
export function deleteGroup(input: BodyOf<typeof deleteGroupCall>) {
  return callApi(deleteGroupCall, input, { success: true });
}

export function useDeleteGroup() {
  return useChange(deleteGroup, [groupList, userList, roleList]);
}
