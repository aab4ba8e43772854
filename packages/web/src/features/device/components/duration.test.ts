import { describe, expect, it } from 'vitest';
import { durationProblem, durationToSeconds } from './duration.ts';

describe('elevation duration', () => {
  it('adds days, hours, minutes and seconds', () => {
    expect(durationToSeconds({ days: 1, hours: 2, minutes: 3, seconds: 4 })).toBe(93_784);
    expect(durationToSeconds({ hours: 1 })).toBe(3_600);
    expect(durationToSeconds({ days: null, minutes: 30 })).toBe(1_800);
    expect(durationToSeconds({})).toBe(0);
  });

  it('ignores negative, fractional and non-numeric parts', () => {
    expect(durationToSeconds({ days: -1, hours: 1.9 })).toBe(3_600);
    expect(durationToSeconds({ minutes: Number.NaN, seconds: 5 })).toBe(5);
  });

  it('requires 1 second to 30 days', () => {
    expect(durationProblem({})).toBe('required');
    expect(durationProblem({ seconds: 1 })).toBeUndefined();
    expect(durationProblem({ days: 30 })).toBeUndefined();
    expect(durationProblem({ days: 30, seconds: 1 })).toBe('tooLong');
  });
});
