/** A time interval from a range picker: both ends given and the start not after the end. */
export type RangeCheck = 'ok' | 'incomplete' | 'reversed';

export function checkRange<T extends { valueOf(): number }>(
  range: readonly (T | null | undefined)[] | null | undefined,
): RangeCheck {
  const [start, end] = range ?? [];
  if (start == null || end == null) return 'incomplete';
  return start.valueOf() <= end.valueOf() ? 'ok' : 'reversed';
}

/** A proxy's state at `now`: before its window, inside it, or after it. */
export function proxyState(
  startAt: string,
  endAt: string,
  now: number = Date.now(),
): 'pending' | 'active' | 'expired' {
  if (now < Date.parse(startAt)) return 'pending';
  return now < Date.parse(endAt) ? 'active' : 'expired';
}
