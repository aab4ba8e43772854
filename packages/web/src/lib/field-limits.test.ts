import { describe, expect, it } from 'vitest';
import { registerCompany } from '@edp/shared/api/portal/account.calls';
import { savePackage } from '@edp/shared/api/portal/vendor.calls';
import { TEXT_MAX, MAX_LICENCE_MONTHS } from '@edp/shared/constants';
import { limitRules } from './field-limits.ts';

/** The forms' limits come from the call's own schema (build/api-calls-plugin.ts), worded as the server words them. */
describe('limitRules', () => {
  it("gives a text field the call's maximum length, in the page's language", () => {
    expect(limitRules(registerCompany, 'company', 'zh-CN')).toEqual([
      { max: TEXT_MAX.company, message: `不能超过 ${TEXT_MAX.company} 个字符` },
    ]);
    expect(limitRules(registerCompany, 'company', 'en-US')).toEqual([
      { max: TEXT_MAX.company, message: `must be at most ${TEXT_MAX.company} characters` },
    ]);
  });

  it('gives a number field its range and whole-number rule', () => {
    const rules = limitRules(savePackage, 'months', 'zh-CN');
    expect(rules).toContainEqual({ type: 'integer', message: '须为整数' });
    expect(rules).toContainEqual({
      type: 'number',
      max: MAX_LICENCE_MONTHS,
      message: `不能大于 ${MAX_LICENCE_MONTHS}`,
    });
    expect(rules).toContainEqual({ type: 'number', min: 1, message: '不能小于 1' });
  });

  it('has nothing to add for a field without limits', () => {
    expect(limitRules(registerCompany, 'nonexistent', 'zh-CN')).toEqual([]);
  });
});
