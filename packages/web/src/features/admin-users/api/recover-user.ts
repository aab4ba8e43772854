import { recoverUser as recoverUserCall, userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Recovers a deleted user. */
export function recoverUser(input: BodyOf<typeof recoverUserCall>) {
  return callApi(recoverUserCall, input, { success: true });
}

export function useRecoverUser() {
  return useChange(recoverUser, [userList]);
}
