import { describe, expect, it } from 'vitest';
import { cleanFilter, detailParts, filterQuery } from './audit-filter.ts';

describe('audit filter', () => {
  it('keeps only the filters that are set', () => {
    expect(cleanFilter({ account: ' root ', action: '', keyword: undefined })).toEqual({
      account: 'root',
    });
    expect(filterQuery({ action: '/user/add', result: 'success' })).toBe(
      'action=%2Fuser%2Fadd&result=success',
    );
  });

  it('formats the before/after detail', () => {
    expect(detailParts({ before: { a: 1 }, note: 'x' })).toEqual({
      before: '{\n  "a": 1\n}',
      after: undefined,
      note: 'x',
    });
    expect(detailParts(null)).toEqual({});
  });
});
