import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const MOVE_USERS_PATH = '/user/mv';

/** Moves users to another group (null: no group). */
export function moveUsers(input: { ids: string[]; groupId: string | null }): Promise<void> {
  return post<void>(MOVE_USERS_PATH, input, { success: true });
}

export function useMoveUsers() {
  return useAdminMutation(moveUsers, ['users']);
}
