import { sendEmailCode as sendEmailCodeCall } from '@edp/shared/api/portal/account.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** The address, the captcha answer and what the code is for, with the success toast text. */
export type SendEmailCodeInput = Required<BodyOf<typeof sendEmailCodeCall>> & {
  successText: string;
};

/** Mails a 6-digit code for registration or password reset; needs the captcha. */
export function sendEmailCode({ email, captcha, type, successText }: SendEmailCodeInput) {
  return callApi(
    sendEmailCodeCall,
    { email: email.trim(), captcha: captcha.trim(), type },
    { success: successText },
  );
}

export function useSendEmailCode() {
  return useChange(sendEmailCode);
}
