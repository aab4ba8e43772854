import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const RESET_CODE_PATH = '/com/n/reset/pwd/code';

export interface SendResetCodeInput {
  email: string;
  captcha: string;
  successText: string;
}

/** Mails a reset code if the address has an account (the answer is the same either way). */
export function sendResetCode({ email, captcha, successText }: SendResetCodeInput) {
  return post<void>(
    RESET_CODE_PATH,
    { email: email.trim(), captcha: captcha.trim() },
    { success: successText },
  );
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
