import { deleteUser as deleteUserCall, userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Soft delete: the user can be recovered. */
export function deleteUser(input: BodyOf<typeof deleteUserCall>) {
  return callApi(deleteUserCall, input, { success: true });
}

export function useDeleteUser() {
  return useChange(deleteUser, [userList]);
}
