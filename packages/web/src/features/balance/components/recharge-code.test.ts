import { describe, expect, it } from 'vitest';
import { normaliseRechargeCode } from './recharge-code.ts';

describe('normaliseRechargeCode', () => {
  it('accepts the canonical form', () => {
    expect(normaliseRechargeCode('AB12-CD34-EF56-GH78')).toBe('AB12-CD34-EF56-GH78');
  });

  it('ignores case, spaces and dashes', () => {
    expect(normaliseRechargeCode(' ab12 cd34-ef56gh78 ')).toBe('AB12-CD34-EF56-GH78');
    expect(normaliseRechargeCode('ab12cd34ef56gh78')).toBe('AB12-CD34-EF56-GH78');
    expect(normaliseRechargeCode('AB12--CD34 - EF56\tGH78')).toBe('AB12-CD34-EF56-GH78');
  });

  it('reads look-alike letters as Crockford does', () => {
    expect(normaliseRechargeCode('oi1l-0000-1111-2222')).toBe('0111-0000-1111-2222');
  });

  it('rejects wrong lengths and characters', () => {
    expect(normaliseRechargeCode('')).toBeUndefined();
    expect(normaliseRechargeCode('AB12-CD34-EF56')).toBeUndefined();
    expect(normaliseRechargeCode('AB12-CD34-EF56-GH789')).toBeUndefined();
    expect(normaliseRechargeCode('AB12-CD34-EF56-GH7U')).toBeUndefined();
    expect(normaliseRechargeCode('AB12-CD34-EF56-GH7!')).toBeUndefined();
  });
});
