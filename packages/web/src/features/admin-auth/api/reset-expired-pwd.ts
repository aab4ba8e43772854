import { md5Hex } from '../../../lib/md5.ts';
import { post } from '../../../lib/http.ts';

export const RESET_EXPIRED_PATH = '/login/n/reset/expire/pwd';

export interface ResetExpiredInput {
  account: string;
  oldPassword: string;
  newPassword: string;
  captcha?: string;
}

/** Changes an expired (or administrator-set) password before signing in. */
export function resetExpiredPwd(input: ResetExpiredInput): Promise<void> {
  return post<void>(
    RESET_EXPIRED_PATH,
    {
      account: input.account.trim(),
      oldPassword: md5Hex(input.oldPassword),
      newPassword: md5Hex(input.newPassword),
      captcha: input.captcha?.trim() || undefined,
    },
    { silent: true },
  );
}
