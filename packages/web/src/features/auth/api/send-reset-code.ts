import { sendResetCode as sendResetCodeCall } from '@edp/shared/api/portal/account.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** The address and the captcha answer, with the success toast text. */
export type SendResetCodeInput = Required<BodyOf<typeof sendResetCodeCall>> & {
  successText: string;
};

/** Mails a reset code if the address has an account (the answer is the same either way). */
export function sendResetCode({ email, captcha, successText }: SendResetCodeInput) {
  return callApi(
    sendResetCodeCall,
    { email: email.trim(), captcha: captcha.trim() },
    { success: successText },
  );
}

export function useSendResetCode() {
  return useChange(sendResetCode);
}
