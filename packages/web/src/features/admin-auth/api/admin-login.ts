import type { TLoginResult, TUserInfo } from '@edp/shared/contracts/login';
import { md5Hex } from '../../../lib/md5.ts';
import { apiUrl, post } from '../../../lib/http.ts';
import { signInAdmin } from '../../../lib/session.ts';

export const ADMIN_LOGIN_PATH = '/login/n/login';
export const ADMIN_CAPTCHA_PATH = '/login/n/get-captcha-img';

export interface AdminLoginInput {
  account: string;
  password: string; // clear text; hashed here
  captcha?: string;
  code?: string;
}

export function adminCaptchaUrl(nonce: string): string {
  return `${apiUrl(ADMIN_CAPTCHA_PATH)}?r=${encodeURIComponent(nonce)}`;
}

/** Signs in and stores the token and user info. Silent: the form shows the failure inline. */
export async function adminLogin(input: AdminLoginInput): Promise<TUserInfo> {
  const answer = await post<TLoginResult>(
    ADMIN_LOGIN_PATH,
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
