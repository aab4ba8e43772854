import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const DELETE_ROLE_PATH = '/user/role/del';

/** Not built-in and nobody holds it; its group links go with it. */
export function deleteRole(input: { id: string }): Promise<void> {
  return post<void>(DELETE_ROLE_PATH, input, { success: true });
}

export function useDeleteRole() {
  return useAdminMutation(deleteRole, ['roles']);
}
