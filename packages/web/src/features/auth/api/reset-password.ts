import { useMutation } from '@tanstack/react-query';
import { md5Hex } from '../../../lib/md5.ts';
import { post } from '../../../lib/http.ts';

export const RESET_PASSWORD_PATH = '/com/n/reset/pwd';

export interface ResetPasswordInput {
  email: string;
  code: string;
  password: string; // clear text; hashed here
  successText: string;
}

/** Sets a new password with the mailed code; the server ends the account's sessions. */
export function resetPassword({ email, code, password, successText }: ResetPasswordInput) {
  return post<void>(
    RESET_PASSWORD_PATH,
    { email: email.trim(), code: code.trim(), password: md5Hex(password) },
    { success: successText },
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
