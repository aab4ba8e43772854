import { describe, expect, it } from 'vitest';
import { readerTimeZone } from '../../../lib/format.ts';
import { cleanFilter, filterQuery } from './audit-filter.ts';

describe('audit filter', () => {
  it('keeps only the filters that are set', () => {
    expect(cleanFilter({ account: ' root ', action: '', keyword: undefined })).toEqual({
      account: 'root',
    });
    expect(filterQuery({ action: '/user/add', result: 'success' })).toBe(
      'action=%2Fuser%2Fadd&result=success',
    );
  });

  it('sends the reader’s time zone with the export', () => {
    expect(filterQuery({ result: 'failure' }, 'Asia/Shanghai')).toBe(
      'result=failure&tz=Asia%2FShanghai',
    );
    expect(readerTimeZone()).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
  });
});
