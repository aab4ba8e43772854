import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';
import type { RoleInput } from './add-role.ts';

export const EDIT_ROLE_PATH = '/user/role/edit';

/** Built-in roles keep their duty: the caller leaves `menu` out for them. */
export function editRole(input: Partial<RoleInput> & { id: string }): Promise<void> {
  return post<void>(EDIT_ROLE_PATH, input, { success: true });
}

export function useEditRole() {
  return useAdminMutation(editRole, ['roles', 'users']);
}
