import { moveUsers as moveUsersCall, userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Moves users to another group (null: no group). */
export function moveUsers(input: BodyOf<typeof moveUsersCall>) {
  return callApi(moveUsersCall, input, { success: true });
}

export function useMoveUsers() {
  return useChange(moveUsers, [userList]);
}
