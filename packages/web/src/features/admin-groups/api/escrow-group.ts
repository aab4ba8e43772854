import { groupList, escrowGroup as escrowGroupCall } from '@edp/shared/api/console/groups.calls';
import { roleList } from '@edp/shared/api/console/roles.calls';
import { userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Hands the group's devices to an ancestor (tiered) or a sibling group. */
export function escrowGroup(input: BodyOf<typeof escrowGroupCall>) {
  return callApi(escrowGroupCall, input, { success: true });
}

export function useEscrowGroup() {
  return useChange(escrowGroup, [groupList, userList, roleList]);
}
