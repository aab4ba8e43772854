import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const ADD_GROUP_PATH = '/user/group/add';

/** Adds a group (a subgroup when `parentId` is given). */
export function addGroup(input: {
  name: string;
  number?: string;
  parentId?: string | null;
  leader?: string;
}): Promise<{ id: string }> {
  return post<{ id: string }>(ADD_GROUP_PATH, input, { success: true });
}

export function useAddGroup() {
  return useAdminMutation(addGroup, ['groups', 'users', 'roles']);
}
