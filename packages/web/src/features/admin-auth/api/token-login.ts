import type { TLoginResult, TUserInfo } from '@edp/shared/contracts/login';
import { post } from '../../../lib/http.ts';
import { signInAdmin } from '../../../lib/session.ts';

export const TOKEN_LOGIN_PATH = '/login/n/token/login';

/** Signs in with an auto-login link's token. */
export async function tokenLogin(loginToken: string): Promise<TUserInfo> {
  const answer = await post<TLoginResult>(TOKEN_LOGIN_PATH, { loginToken }, { silent: true });
  signInAdmin(answer.token, answer.user);
  return answer.user;
}
