import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const EDIT_GROUP_PATH = '/user/group/edit';

/** Edits a group; its parent does not change. */
export function editGroup(input: {
  id: string;
  name?: string;
  number?: string;
  leader?: string;
}): Promise<void> {
  return post<void>(EDIT_GROUP_PATH, input, { success: true });
}

export function useEditGroup() {
  return useAdminMutation(editGroup, ['groups', 'users', 'roles']);
}
