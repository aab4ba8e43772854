import { changeCompanyPassword } from '@edp/shared/api/portal/account.calls';
import { callApi } from '../../../lib/api.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Both passwords in clear text (hashed here), with the success toast text. */
export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  /** Success toast text (docs/product.md §8: edits show "modified successfully"). */
  successText: string;
}

export function changePassword({ oldPassword, newPassword, successText }: ChangePasswordInput) {
  return callApi(
    changeCompanyPassword,
    { oldPassword: md5Hex(oldPassword), newPassword: md5Hex(newPassword) },
    { success: successText },
  );
}

export function useChangePassword() {
  return useChange(changePassword);
}
