import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const DELETE_GROUP_PATH = '/user/group/del';

/** Only without subgroups, devices, roles or users (the server says which). */
export function deleteGroup(input: { id: string }): Promise<void> {
  return post<void>(DELETE_GROUP_PATH, input, { success: true });
}

export function useDeleteGroup() {
  return useAdminMutation(deleteGroup, ['groups', 'users', 'roles']);
}
