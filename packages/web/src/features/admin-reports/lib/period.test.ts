import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { periodEnd, periodNotEnded } from './period.ts';

const at = (s: string) => dayjs(s);
const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD HH:mm');

describe('report periods in the browser', () => {
  it('ends a day, a week from Monday and a month where the server cuts them', () => {
    // 2026-11-26 is a Thursday.
    expect(fmt(periodEnd('daily', at('2026-11-26T15:30')))).toBe('2026-11-27 00:00');
    expect(fmt(periodEnd('weekly', at('2026-11-26T15:30')))).toBe('2026-11-30 00:00');
    expect(fmt(periodEnd('weekly', at('2026-11-23T00:00')))).toBe('2026-11-30 00:00');
    // A Sunday is the last day of its week, not the first of the next.
    expect(fmt(periodEnd('weekly', at('2026-11-29T23:59')))).toBe('2026-11-30 00:00');
    expect(fmt(periodEnd('monthly', at('2026-11-26T15:30')))).toBe('2026-12-01 00:00');
    expect(fmt(periodEnd('monthly', at('2026-12-31T08:00')))).toBe('2027-01-01 00:00');
  });

  it('tells a period not yet ended from one that has', () => {
    const now = at('2026-11-26T09:00');
    expect(periodNotEnded('monthly', at('2026-11-02'), now)).toBe(true);
    expect(periodNotEnded('weekly', at('2026-11-24'), now)).toBe(true);
    expect(periodNotEnded('daily', at('2026-11-26'), now)).toBe(true);
    expect(periodNotEnded('daily', at('2026-11-25'), now)).toBe(false);
    expect(periodNotEnded('weekly', at('2026-11-22'), now)).toBe(false);
    expect(periodNotEnded('monthly', at('2026-10-31'), now)).toBe(false);
    // No day: the last period that has ended.
    expect(periodNotEnded('monthly', undefined, now)).toBe(false);
    expect(periodNotEnded('monthly', null, now)).toBe(false);
  });
});
