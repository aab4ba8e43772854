import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const DELETE_USER_PATH = '/user/del';

/** Soft delete: the user can be recovered. */
export function deleteUser(input: { id: string }): Promise<void> {
  return post<void>(DELETE_USER_PATH, input, { success: true });
}

export function useDeleteUser() {
  return useAdminMutation(deleteUser, ['users']);
}
