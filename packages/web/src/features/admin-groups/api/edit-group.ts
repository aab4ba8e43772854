import { groupList, editGroup as editGroupCall } from '@edp/shared/api/console/groups.calls';
import { roleList } from '@edp/shared/api/console/roles.calls';
import { userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Edits a group; its parent does not change. */
export function editGroup(input: BodyOf<typeof editGroupCall>) {
  return callApi(editGroupCall, input, { success: true });
}

export function useEditGroup() {
  return useChange(editGroup, [groupList, userList, roleList]);
}
