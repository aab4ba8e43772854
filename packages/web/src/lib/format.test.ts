import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './format.ts';

describe('formatTime / formatDate', () => {
  it('shows an ISO time in the local zone, to the minute', () => {
    const iso = '2026-11-25T01:30:45.123Z';
    const local = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatTime(iso)).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
  });

  it('reads a bare date as that local day, not as UTC midnight', () => {
    expect(formatDate('2026-01-01')).toBe('2026-01-01');
    expect(formatTime('2026-01-01')).toBe('2026-01-01 00:00');
  });

  it('shows a dash for no time and for text that is not one', () => {
    expect(formatTime(null)).toBe('—');
    expect(formatTime(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatTime('not a time')).toBe('—');
  });
});
