import { describe, expect, it } from 'vitest';
import { codesFileName, codesText } from './codes-file.ts';

describe('codes file', () => {
  it('writes one code a line', () => {
    expect(codesText(['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'])).toBe(
      'AAAA-BBBB-CCCC-DDDD\nEEEE-FFFF-GGGG-HHHH\n',
    );
    expect(codesText([])).toBe('');
  });

  it('names the file after the package and time, without unsafe characters', () => {
    const at = new Date('2025-03-04T05:06:07Z');
    expect(codesFileName('年卡 12/月', at)).toBe('recharge-codes-年卡-12-月-20250304-050607.txt');
    expect(codesFileName('../..', at)).toBe('recharge-codes-codes-20250304-050607.txt');
  });
});
