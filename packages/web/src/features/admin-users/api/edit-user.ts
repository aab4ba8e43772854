import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';
import type { UserEditInput } from './add-user.ts';
export const EDIT_USER_PATH = '/user/edit';

/** Edits a user; `status` disables or re-enables them. */
export function editUser(input: UserEditInput): Promise<void> {
  return post<void>(EDIT_USER_PATH, input, { success: true });
}

export function useEditUser() {
  return useAdminMutation(editUser, ['users']);
}
