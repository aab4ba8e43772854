import { MAX_ELEVATION_SECONDS } from '@edp/shared/constants';

/** An elevation length as entered (docs/product.md §9: days, hours, minutes, seconds). */
export interface Duration {
  days?: number | null;
  hours?: number | null;
  minutes?: number | null;
  seconds?: number | null;
}

/** Total seconds; empty parts count as 0, fractions are dropped. */
export function durationToSeconds({ days, hours, minutes, seconds }: Duration): number {
  const part = (value: number | null | undefined) =>
    Number.isFinite(value) ? Math.max(0, Math.trunc(value as number)) : 0;
  return part(days) * 86_400 + part(hours) * 3_600 + part(minutes) * 60 + part(seconds);
}

export type DurationProblem = 'required' | 'tooLong';

/** Why a duration cannot be asked for, or undefined when it can (1 s … 30 days). */
export function durationProblem(duration: Duration): DurationProblem | undefined {
  const total = durationToSeconds(duration);
  if (total < 1) return 'required';
  return total > MAX_ELEVATION_SECONDS ? 'tooLong' : undefined;
}
