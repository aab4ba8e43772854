import { resetCompanyPassword } from '@edp/shared/api/portal/account.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { useChange } from '../../../lib/api-query.ts';

/** The mailed code and the new password in clear text (hashed here), with the toast text. */
export type ResetPasswordInput = Omit<BodyOf<typeof resetCompanyPassword>, 'password'> & {
  password: string;
  successText: string;
};

/** Sets a new password with the mailed code; the server ends the account's sessions. */
export function resetPassword({ email, code, password, successText }: ResetPasswordInput) {
  return callApi(
    resetCompanyPassword,
    { email: email.trim(), code: code.trim(), password: md5Hex(password) },
    { success: successText },
  );
}

export function useResetPassword() {
  return useChange(resetPassword);
}
