import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const SEND_EMAIL_CODE_PATH = '/com/n/send/email';

export interface SendEmailCodeInput {
  email: string;
  captcha: string;
  type: 'register' | 'reset';
  /** Success toast text. */
  successText: string;
}

/** Mails a 6-digit code for registration or password reset; needs the captcha. */
export function sendEmailCode({ email, captcha, type, successText }: SendEmailCodeInput) {
  return post<void>(
    SEND_EMAIL_CODE_PATH,
    { email: email.trim(), captcha: captcha.trim(), type },
    { success: successText },
  );
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
