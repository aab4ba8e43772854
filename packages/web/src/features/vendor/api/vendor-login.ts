import { useMutation } from '@tanstack/react-query';
import { apiUrl, post } from '../../../lib/http.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { signInVendor } from '../../../lib/vendor-session.ts';

export const VENDOR_LOGIN_PATH = '/sa/n/login';
export const VENDOR_CAPTCHA_PATH = '/sa/n/get-captcha-img';

export const vendorCaptchaUrl = (nonce: string) =>
  `${apiUrl(VENDOR_CAPTCHA_PATH)}?r=${encodeURIComponent(nonce)}`;

export interface VendorLoginInput {
  account: string;
  password: string; // clear text; hashed here
  captcha: string;
}

/** Signs the vendor in; the token is kept apart from the company's (lib/vendor-session.ts). */
export async function vendorLogin({ account, password, captcha }: VendorLoginInput) {
  const answer = await post<{ token: string }>(VENDOR_LOGIN_PATH, {
    account: account.trim(),
    password: md5Hex(password),
    captcha: captcha.trim(),
  });
  signInVendor({ account: account.trim(), token: answer.token });
}

export function useVendorLogin() {
  return useMutation({ mutationFn: vendorLogin });
}
