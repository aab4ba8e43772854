import { useMutation } from '@tanstack/react-query';
import { md5Hex } from '../../../lib/md5.ts';
import { post } from '../../../lib/http.ts';

/** Portal endpoint for a company's own password; the portal engineer may rename it here. */
export const CHANGE_PASSWORD_PATH = '/com/my/pwd';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  /** Success toast text (SPEC §8: edits show "modified successfully"). */
  successText: string;
}

export function changePassword({ oldPassword, newPassword, successText }: ChangePasswordInput) {
  return post<void>(
    CHANGE_PASSWORD_PATH,
    { oldPassword: md5Hex(oldPassword), newPassword: md5Hex(newPassword) },
    { success: successText },
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
