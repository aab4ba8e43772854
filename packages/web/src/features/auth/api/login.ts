import { md5Hex } from '../../../lib/md5.ts';
import { apiUrl, post } from '../../../lib/http.ts';
import { parseCompany, signInCompany, type CompanySession } from '../../../lib/session.ts';

export const LOGIN_PATH = '/com/n/login';
export const CAPTCHA_PATH = '/com/n/get-captcha-img';

export interface LoginInput {
  email: string;
  password: string; // clear text; hashed here, never sent as typed
  captcha: string;
}

interface LoginAnswer {
  token: string;
  company: CompanySession;
}

/** Captcha image URL; a new `r` makes the server draw a new captcha. */
export function captchaUrl(nonce: string): string {
  return `${apiUrl(CAPTCHA_PATH)}?r=${encodeURIComponent(nonce)}`;
}

export async function login({ email, password, captcha }: LoginInput): Promise<CompanySession> {
  const answer = await post<LoginAnswer>(LOGIN_PATH, {
    email: email.trim(),
    password: md5Hex(password),
    captcha: captcha.trim(),
  });
  const company = parseCompany(answer.company);
  if (!answer.token || !company) throw new Error('Malformed login answer');
  signInCompany(answer.token, company);
  return company;
}
