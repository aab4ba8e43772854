import type { TFunction } from 'i18next';
import type { FormRule } from 'antd';
import { DEFAULT_PASSWORD_POLICY, passwordSatisfies, type PasswordPolicy } from '@edp/shared/rules';

/** The tenant's policy (owner info loginSet.pwdMatch) or the default one (docs/product.md §5). */
export function policyOf(pwdMatch: PasswordPolicy | undefined): PasswordPolicy {
  if (!pwdMatch || pwdMatch.list.length === 0) return DEFAULT_PASSWORD_POLICY;
  return pwdMatch;
}

/** The message naming the policy: length range and required classes (or the custom rule). */
export function policyMessage(t: TFunction<'admin'>, policy: PasswordPolicy): string {
  const [min, max] = policy.range;
  if (policy.reg) return t('password.ruleReg', { min, max });
  const classes = policy.list.map((c) => t(`password.classes.${c}`)).join(t('password.separator'));
  return t('password.rule', { min, max, classes });
}

/** antd rules for a new password: required, then the policy. */
export function passwordRules(
  t: TFunction<'admin'>,
  policy: PasswordPolicy,
  requiredMessage: string,
): FormRule[] {
  const message = policyMessage(t, policy);
  return [
    { required: true, message: requiredMessage },
    {
      validator: (_, value: string | undefined) =>
        !value || passwordSatisfies(value, policy)
          ? Promise.resolve()
          : Promise.reject(new Error(message)),
    },
  ];
}

/** Rule for a "repeat password" field that must equal `field`. */
/** The new password must differ from the current one (the server refuses it too: -10037). */
export function differsFromRule(
  t: TFunction<'admin'>,
  current: () => string | undefined,
): FormRule {
  return {
    validator: (_, value: string | undefined) =>
      !value || value !== current()
        ? Promise.resolve()
        : Promise.reject(new Error(t('password.same'))),
  };
}

export function sameAsRule(t: TFunction<'admin'>, field: string | string[]): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(field)
        ? Promise.resolve()
        : Promise.reject(new Error(t('password.mismatch'))),
  });
}
