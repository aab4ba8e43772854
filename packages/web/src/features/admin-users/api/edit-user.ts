import { editUser as editUserCall, userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

export type UserEditInput = BodyOf<typeof editUserCall>;

/** Edits a user; `status` disables or re-enables them. */
export function editUser(input: UserEditInput) {
  return callApi(editUserCall, input, { success: true });
}

export function useEditUser() {
  return useChange(editUser, [userList]);
}
