import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';
import { md5Hex } from '../../../lib/md5.ts';
export const RESET_USER_PASSWORD_PATH = '/user/edit/pwd';

/** Sets another user's password; they must change it at the next login. */
export function resetUserPassword(input: { id: string; password: string }): Promise<void> {
  return post<void>(
    RESET_USER_PASSWORD_PATH,
    { id: input.id, password: md5Hex(input.password) },
    { success: true },
  );
}

export function useResetUserPassword() {
  return useAdminMutation(resetUserPassword, ['users']);
}
