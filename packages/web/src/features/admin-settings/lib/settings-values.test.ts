import { describe, expect, it } from 'vitest';
import { isValidPattern, toSettings } from './settings-values.ts';

const base = {
  picCodeTag: false,
  pwdMatch: { list: ['upper' as const], range: [8, 20] as [number, number], reg: '  ' },
  expireDays: 0,
  lockCount: 10,
  sms: false,
  mailCode: false,
};

describe('login settings values', () => {
  it('drops an empty custom rule and keeps a given one', () => {
    expect(toSettings(base).pwdMatch).toEqual({ list: ['upper'], range: [8, 20] });
    expect(toSettings({ ...base, pwdMatch: { ...base.pwdMatch, reg: ' ^a ' } }).pwdMatch.reg).toBe(
      '^a',
    );
  });

  it('checks patterns', () => {
    expect(isValidPattern(undefined)).toBe(true);
    expect(isValidPattern('^[a-z]+$')).toBe(true);
    expect(isValidPattern('([')).toBe(false);
  });
});
