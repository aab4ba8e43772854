import { describe, expect, it } from 'vitest';
import { checkRange, proxyState } from './date-range.ts';

describe('checkRange', () => {
  it('needs both ends and start ≤ end', () => {
    expect(checkRange(null)).toBe('incomplete');
    expect(checkRange([1, null])).toBe('incomplete');
    expect(checkRange([2, 1])).toBe('reversed');
    expect(checkRange([1, 1])).toBe('ok');
    expect(checkRange([new Date(1), new Date(2)])).toBe('ok');
  });
});

describe('proxyState', () => {
  it('is pending before, active inside and expired after the window', () => {
    const start = '2030-01-01T00:00:00Z';
    const end = '2030-01-02T00:00:00Z';
    expect(proxyState(start, end, Date.parse('2029-12-31T00:00:00Z'))).toBe('pending');
    expect(proxyState(start, end, Date.parse(start))).toBe('active');
    expect(proxyState(start, end, Date.parse(end))).toBe('expired');
  });
});
