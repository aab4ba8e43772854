import { describe, expect, it } from 'vitest';
import { DAY_MS, daysLeft } from './licence-days.ts';

const NOW = Date.parse('2026-11-29T04:00:00Z');

describe('days left of a licence', () => {
  it('counts whole days until the expiry, rounded up, whatever form the expiry comes in', () => {
    const expiry = NOW + 365 * DAY_MS - 3_600_000;
    expect(daysLeft(expiry, NOW)).toBe(365);
    expect(daysLeft(new Date(expiry), NOW)).toBe(365);
    expect(daysLeft(new Date(expiry).toISOString(), NOW)).toBe(365);
    expect(daysLeft(NOW + 365 * DAY_MS, NOW)).toBe(365);
    expect(daysLeft(NOW + 365 * DAY_MS + 1, NOW)).toBe(366);
    expect(daysLeft(NOW + 1, NOW)).toBe(1);
  });

  it('is 0 on the day it ended and -N once N whole days have passed', () => {
    expect(daysLeft(NOW, NOW)).toBe(0);
    expect(Object.is(daysLeft(NOW - 3_600_000, NOW), 0)).toBe(true);
    expect(daysLeft(NOW - 49 * DAY_MS, NOW)).toBe(-49);
    expect(daysLeft(NOW - 49.5 * DAY_MS, NOW)).toBe(-49);
  });
});
