import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const RECOVER_USER_PATH = '/user/recover';

/** Recovers a deleted user. */
export function recoverUser(input: { id: string }): Promise<void> {
  return post<void>(RECOVER_USER_PATH, input, { success: true });
}

export function useRecoverUser() {
  return useAdminMutation(recoverUser, ['users']);
}
