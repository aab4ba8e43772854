import { resetExpiredPassword } from '@edp/shared/api/console/login.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { md5Hex } from '../../../lib/md5.ts';

/** The account, its old and new passwords in clear text (hashed here) and the captcha. */
export type ResetExpiredInput = Omit<
  BodyOf<typeof resetExpiredPassword>,
  'oldPassword' | 'newPassword'
> & { oldPassword: string; newPassword: string };

/** Changes an expired (or administrator-set) password before signing in. */
export function resetExpiredPwd(input: ResetExpiredInput) {
  return callApi(
    resetExpiredPassword,
    {
      account: input.account.trim(),
      oldPassword: md5Hex(input.oldPassword),
      newPassword: md5Hex(input.newPassword),
      captcha: input.captcha?.trim() || undefined,
    },
    { silent: true },
  );
}
