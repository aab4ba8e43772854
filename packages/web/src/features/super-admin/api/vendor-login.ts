import { vendorCaptcha, vendorLogin as vendorLoginCall } from '@edp/shared/api/portal/vendor.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi, callUrl } from '../../../lib/api.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { signInVendor } from '../../../lib/vendor-session.ts';
import { useChange } from '../../../lib/api-query.ts';

export const vendorCaptchaUrl = (nonce: string) =>
  `${callUrl(vendorCaptcha)}?r=${encodeURIComponent(nonce)}`;

/** The login form, with the password in clear text (hashed here). */
export type VendorLoginInput = Required<Omit<BodyOf<typeof vendorLoginCall>, 'password'>> & {
  password: string;
};

/** Signs the vendor in; the token is kept apart from the company's (lib/vendor-session.ts). */
export async function vendorLogin({ account, password, captcha }: VendorLoginInput) {
  const answer = await callApi(vendorLoginCall, {
    account: account.trim(),
    password: md5Hex(password),
    captcha: captcha.trim(),
  });
  signInVendor({ account: account.trim(), token: answer.token });
}

export function useVendorLogin() {
  return useChange(vendorLogin);
}
