import { addUser as addUserCall, userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';
import { md5Hex } from '../../../lib/md5.ts';

/** The new user's fields, with the password in clear text (hashed here). */
export type UserAddInput = Omit<BodyOf<typeof addUserCall>, 'password'> & { password: string };

/** Adds a user; they must change the password at the first login. */
export function addUser({ password, ...input }: UserAddInput) {
  return callApi(addUserCall, { ...input, password: md5Hex(password) }, { success: true });
}

export function useAddUser() {
  return useChange(addUser, [userList]);
}
