import { describe, expect, it } from 'vitest';
import { formatBytes, progressCounter } from './export-progress.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('progressCounter', () => {
  it('counts bytes, and a CSV’s rows without its header, across chunks', () => {
    const count = progressCounter('csv');
    expect(count(bytes('Time,Device\r'))).toEqual({ bytes: 12, rows: 0 });
    expect(count(bytes('\n2026,a\r\n2026,'))).toEqual({ bytes: 26, rows: 1 });
    expect(count(bytes('b\r\n'))).toEqual({ bytes: 29, rows: 2 });
  });

  it('counts only bytes of an XLSX', () => {
    const count = progressCounter('xlsx');
    expect(count(bytes('PK\n\n'))).toEqual({ bytes: 4 });
  });
});

describe('formatBytes', () => {
  it('reads in bytes, then one decimal of KB, MB, GB', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(12_700)).toBe('12.4 KB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5120.0 GB');
  });
});
