import { resetUserPassword as resetCall, userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';
import { md5Hex } from '../../../lib/md5.ts';

/** The user and their new password in clear text (hashed here). */
export type ResetUserPasswordInput = Omit<BodyOf<typeof resetCall>, 'password'> & {
  password: string;
};

/** Sets another user's password; they must change it at the next login. */
export function resetUserPassword({ id, password }: ResetUserPasswordInput) {
  return callApi(resetCall, { id, password: md5Hex(password) }, { success: true });
}

export function useResetUserPassword() {
  return useChange(resetUserPassword, [userList]);
}
