import { updateMyPassword } from '@edp/shared/api/console/profile.calls';
import { callApi } from '../../../lib/api.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Both passwords in clear text (hashed here), with the success toast text. */
export interface MyPwdInput {
  oldPassword: string;
  newPassword: string;
  successText: string;
}

export function updateMyPwd({ oldPassword, newPassword, successText }: MyPwdInput) {
  return callApi(
    updateMyPassword,
    { oldPassword: md5Hex(oldPassword), newPassword: md5Hex(newPassword) },
    { success: successText },
  );
}

export function useUpdateMyPwd() {
  return useChange(updateMyPwd);
}
