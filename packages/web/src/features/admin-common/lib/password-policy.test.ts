import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { DEFAULT_PASSWORD_POLICY } from '@edp/shared/rules';
import { passwordRules, policyMessage, policyOf } from './password-policy.ts';

// A stand-in translator that shows the key and its values.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction<'admin'>;

describe('password policy', () => {
  it('falls back to the default rule without a tenant policy', () => {
    expect(policyOf(undefined)).toBe(DEFAULT_PASSWORD_POLICY);
    expect(policyOf({ list: [], range: [6, 10] })).toBe(DEFAULT_PASSWORD_POLICY);
  });

  it('names the range and classes, or the custom rule', () => {
    expect(policyMessage(t, { list: ['upper', 'number'], range: [10, 30] })).toContain(
      '"min":10,"max":30',
    );
    expect(policyMessage(t, { reg: '^a', list: ['upper'], range: [8, 20] })).toContain(
      'password.ruleReg',
    );
  });

  it('turns the policy into a form rule', async () => {
    const [, rule] = passwordRules(
      t,
      { list: ['upper', 'lower', 'number'], range: [8, 20] },
      'req',
    );
    const validate = (rule as { validator: (r: unknown, v: string) => Promise<void> }).validator;
    await expect(validate({}, 'Abcdefg1')).resolves.toBeUndefined();
    await expect(validate({}, 'abcdefg1')).rejects.toThrow('password.rule');
    await expect(validate({}, 'Ab1')).rejects.toThrow();
  });
});
