import { post } from '../../../lib/http.ts';

export const SEND_CODE_PATH = '/login/n/send/code';

/** Sends a login code by SMS or e-mail; the server always answers "sent". */
export function sendLoginCode(account: string, captcha?: string): Promise<void> {
  return post<void>(
    SEND_CODE_PATH,
    { account: account.trim(), captcha: captcha?.trim() || undefined },
    { success: true },
  );
}
