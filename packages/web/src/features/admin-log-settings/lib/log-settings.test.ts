import { describe, expect, it } from 'vitest';
import { formatSize, shortens } from '../lib/log-settings.ts';

describe('log settings helpers', () => {
  it('writes sizes for people', () => {
    expect(formatSize(812)).toBe('812 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
  it('asks only when the retention gets shorter', () => {
    expect(shortens(6, 1)).toBe(true);
    expect(shortens(6, 12)).toBe(false);
    expect(shortens(6, 6)).toBe(false);
    expect(shortens(undefined, 1)).toBe(false);
  });
});
