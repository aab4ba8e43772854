import { md5Hex } from '../../../lib/md5.ts';
import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const ADD_USER_PATH = '/user/add';

export interface UserFields {
  name: string;
  roleId: string;
  groupId?: string | null;
  phone?: string | null;
  email?: string | null;
  jobNo?: string;
  duty?: string;
}

export interface UserAddInput extends UserFields {
  account: string;
  password: string; // clear text; hashed here
}

export interface UserEditInput extends Partial<UserFields> {
  id: string;
  status?: 'normal' | 'disabled';
}

/** Adds a user; they must change the password at the first login. */
export function addUser({ password, ...input }: UserAddInput): Promise<{ id: string }> {
  return post<{ id: string }>(
    ADD_USER_PATH,
    { ...input, password: md5Hex(password) },
    { success: true },
  );
}

export function useAddUser() {
  return useAdminMutation(addUser, ['users']);
}
