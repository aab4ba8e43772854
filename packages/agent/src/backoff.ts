/** `ms` spread by ±10 %: engines started together do not stay in step. */
export function jittered(ms: number, random: () => number = Math.random): number {
  return ms * (0.9 + 0.2 * random());
}

/** The n-th consecutive failure's wait: base·2^(n-1), at most `cap`, spread by ±10 %. */
export function backoffMs(
  failures: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const raw = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.min(capMs, jittered(raw, random));
}
