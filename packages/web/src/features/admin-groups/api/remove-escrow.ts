import { endEscrow, groupList } from '@edp/shared/api/console/groups.calls';
import { roleList } from '@edp/shared/api/console/roles.calls';
import { userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Ends a group's escrow. */
export function removeEscrow(input: BodyOf<typeof endEscrow>) {
  return callApi(endEscrow, input, { success: true });
}

export function useRemoveEscrow() {
  return useChange(removeEscrow, [groupList, userList, roleList]);
}
