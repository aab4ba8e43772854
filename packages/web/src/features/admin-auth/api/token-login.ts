import { tokenLogin as tokenLoginCall } from '@edp/shared/api/console/login.calls';
import type { TUserInfo } from '@edp/shared/contracts/login';
import { callApi } from '../../../lib/api.ts';
import { signInAdmin } from '../../../lib/session.ts';

/** Signs in with an auto-login link's token. */
export async function tokenLogin(loginToken: string): Promise<TUserInfo> {
  const answer = await callApi(tokenLoginCall, { loginToken }, { silent: true });
  signInAdmin(answer.token, answer.user);
  return answer.user;
}
