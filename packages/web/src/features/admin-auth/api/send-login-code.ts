import { sendLoginCode as sendLoginCodeCall } from '@edp/shared/api/console/login.calls';
import { callApi } from '../../../lib/api.ts';

/** Sends a login code by SMS or e-mail; the server always answers "sent". */
export function sendLoginCode(account: string, captcha?: string) {
  return callApi(
    sendLoginCodeCall,
    { account: account.trim(), captcha: captcha?.trim() || undefined },
    { success: true },
  );
}
