import type { Locale } from '@edp/shared/errors';
import { DEFAULT_FULL_NAME, EMAIL_CODE_TTL_MS } from '@edp/shared/constants';
import type { MailMessage } from '../../platform/mail/index.ts';
import type { EmailCodePurpose } from './email-code-repository.ts';

const minutes = EMAIL_CODE_TTL_MS / 60_000;

const texts = {
  'zh-CN': {
    register: '注册验证码',
    reset: '重置密码验证码',
    body: (code: string) =>
      `您的验证码是 ${code}，${minutes} 分钟内有效，仅可使用一次。\n如果这不是您本人的操作，请忽略此邮件。`,
  },
  'en-US': {
    register: 'Registration code',
    reset: 'Password reset code',
    body: (code: string) =>
      `Your verification code is ${code}. It is valid for ${minutes} minutes and can be used once.\nIf you did not ask for it, please ignore this e-mail.`,
  },
} as const;

/** The e-mail carrying a verification code, in the account's language. */
export function codeMail(
  to: string,
  purpose: EmailCodePurpose,
  code: string,
  language: Locale,
): MailMessage {
  const t = texts[language];
  return {
    to,
    subject: `${DEFAULT_FULL_NAME[language]} - ${t[purpose]}`,
    text: t.body(code),
    language,
  };
}
