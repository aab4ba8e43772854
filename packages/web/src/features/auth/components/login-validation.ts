import { EMAIL_PATTERN } from '@edp/shared/rules';
import type { LoginInput } from '../api/login.ts';

/** Keys of the `auth:validation` texts. */
export type LoginError = 'emailRequired' | 'emailInvalid' | 'passwordRequired' | 'captchaRequired';

export function validateLogin(values: LoginInput): Partial<Record<keyof LoginInput, LoginError>> {
  const errors: Partial<Record<keyof LoginInput, LoginError>> = {};
  const email = values.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'emailInvalid';
  if (!values.password) errors.password = 'passwordRequired';
  if (!values.captcha.trim()) errors.captcha = 'captchaRequired';
  return errors;
}
