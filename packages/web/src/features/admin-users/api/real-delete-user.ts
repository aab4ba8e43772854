import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const REAL_DELETE_USER_PATH = '/user/real/del';

/** Deletes a (soft-)deleted user for good. */
export function realDeleteUser(input: { id: string }): Promise<void> {
  return post<void>(REAL_DELETE_USER_PATH, input, { success: true });
}

export function useRealDeleteUser() {
  return useAdminMutation(realDeleteUser, ['users']);
}
