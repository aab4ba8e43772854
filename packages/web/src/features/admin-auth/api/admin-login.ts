import { consoleCaptcha, consoleLogin } from '@edp/shared/api/console/login.calls';
import type { BodyOf } from '@edp/shared/api/define';
import type { TUserInfo } from '@edp/shared/contracts/login';
import { callApi, callUrl } from '../../../lib/api.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { signInAdmin } from '../../../lib/session.ts';

/** The login form's fields, with the password in clear text (hashed here). */
export type AdminLoginInput = Omit<BodyOf<typeof consoleLogin>, 'password'> & { password: string };

export function adminCaptchaUrl(nonce: string): string {
  return `${callUrl(consoleCaptcha)}?r=${encodeURIComponent(nonce)}`;
}

/** Signs in and stores the token and user info. Silent: the form shows the failure inline. */
export async function adminLogin(input: AdminLoginInput): Promise<TUserInfo> {
  const answer = await callApi(
    consoleLogin,
    {
      account: input.account.trim(),
      password: md5Hex(input.password),
      captcha: input.captcha?.trim() || undefined,
      code: input.code?.trim() || undefined,
    },
    { silent: true },
  );
  signInAdmin(answer.token, answer.user);
  return answer.user;
}
