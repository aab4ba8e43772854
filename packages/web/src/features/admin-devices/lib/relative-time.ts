const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/**
 * How long ago (or how far ahead) `iso` is from `now`, in the largest whole unit, in `language`
 * ("5 minutes ago", "5 分钟前"); under ten seconds reads as "now". The browser's
 * Intl.RelativeTimeFormat words it: no date library is loaded for it.
 */
export function relativeTime(iso: string, now: number, language: string): string {
  const diff = Date.parse(iso) - now;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (Math.abs(diff) < 10_000) return format.format(0, 'second');
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.trunc(diff / ms), unit);
  }
  return format.format(0, 'second');
}
