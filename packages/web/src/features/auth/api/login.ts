import { companyCaptcha, companyLogin } from '@edp/shared/api/portal/account.calls';
import { callApi, callUrl } from '../../../lib/api.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { parseCompany, signInCompany, type CompanySession } from '../../../lib/session.ts';

export interface LoginInput {
  email: string;
  password: string; // clear text; hashed here, never sent as typed
  captcha: string;
}

/** Captcha image URL; a new `r` makes the server draw a new captcha. */
export function captchaUrl(nonce: string): string {
  return `${callUrl(companyCaptcha)}?r=${encodeURIComponent(nonce)}`;
}

export async function login({ email, password, captcha }: LoginInput): Promise<CompanySession> {
  const answer = await callApi(companyLogin, {
    email: email.trim(),
    password: md5Hex(password),
    captcha: captcha.trim(),
  });
  const company = parseCompany(answer.company);
  if (!answer.token || !company) throw new Error('Malformed login answer');
  signInCompany(answer.token, company);
  return company;
}
