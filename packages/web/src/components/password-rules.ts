import type { FormRule } from 'antd';
import { DEFAULT_PASSWORD_POLICY, passwordSatisfies, type PasswordPolicy } from '@edp/shared/rules';

export interface PasswordRuleTexts {
  required: string;
  /** The rule message of docs/product.md §5. */
  rule: string;
  repeatRequired: string;
  mismatch: string;
}

/**
 * antd Form rules for a new password and its repetition (docs/product.md §5): the owner's rule when it
 * supplies one, else the default; the repetition must satisfy it and equal the first field.
 */
export function passwordRules(
  texts: PasswordRuleTexts,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  /** The first field's name; a path for a field inside an object (`['admin', 'password']`). */
  field: string | (string | number)[] = 'password',
): { password: FormRule[]; repeat: FormRule[] } {
  const satisfies = (value: string | undefined) => !value || passwordSatisfies(value, policy);
  return {
    password: [
      { required: true, message: texts.required },
      {
        validator: (_, value: string | undefined) =>
          satisfies(value) ? Promise.resolve() : Promise.reject(new Error(texts.rule)),
      },
    ],
    repeat: [
      { required: true, message: texts.repeatRequired },
      ({ getFieldValue }) => ({
        validator: (_, value: string | undefined) => {
          if (!value) return Promise.resolve();
          if (value !== getFieldValue(field)) return Promise.reject(new Error(texts.mismatch));
          return satisfies(value) ? Promise.resolve() : Promise.reject(new Error(texts.rule));
        },
      }),
    ],
  };
}
