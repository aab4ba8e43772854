import type { ReportKind } from '@edp/shared/contracts/reports';

/** A report's period: from its first moment up to (not including) the next period's. */
export interface ReportPeriod {
  kind: ReportKind;
  from: Date;
  to: Date;
  /** Its first day in the zone, `2026-11-01`. */
  firstDay: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The calendar day of `ms` in `zone`: year, month (1–12), day. */
function wallDay(zone: string, ms: number): { y: number; m: number; d: number } {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  for (const { type, value } of format.formatToParts(ms)) parts[type] = value;
  return { y: +parts.year!, m: +parts.month!, d: +parts.day! };
}

/** The zone's lead over UTC at `ms`, in ms. */
function offsetAt(zone: string, ms: number): number {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const { type, value } of format.formatToParts(ms)) parts[type] = value;
  const wall = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a day starts in `zone` (its midnight; where the clocks skip midnight, the first
 * moment of the day). Month and day may run over (month 13 is next January), as Date.UTC allows.
 */
export function dayStart(zone: string, y: number, m: number, d: number): Date {
  const utc = Date.UTC(y, m - 1, d);
  // The offset at the guess, then at the answer it gives (a change near midnight moves it).
  let ms = utc - offsetAt(zone, utc);
  ms = utc - offsetAt(zone, ms);
  return new Date(ms);
}

/** The period of `kind` that holds the instant `at`, in `zone`. Weeks start on Monday. */
export function periodOf(kind: ReportKind, zone: string, at: Date): ReportPeriod {
  const { y, m, d } = wallDay(zone, at.getTime());
  let start: [number, number, number];
  let next: [number, number, number];
  if (kind === 'daily') {
    start = [y, m, d];
    next = [y, m, d + 1];
  } else if (kind === 'weekly') {
    const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
    start = [y, m, d - weekday];
    next = [y, m, d - weekday + 7];
  } else {
    start = [y, m, 1];
    next = [y, m + 1, 1];
  }
  const first = new Date(Date.UTC(start[0], start[1] - 1, start[2]));
  return {
    kind,
    from: dayStart(zone, ...start),
    to: dayStart(zone, ...next),
    firstDay: `${first.getUTCFullYear()}-${two(first.getUTCMonth() + 1)}-${two(first.getUTCDate())}`,
  };
}

/** The last period of `kind` that has ended by `now`. */
export function lastEnded(kind: ReportKind, zone: string, now: Date): ReportPeriod {
  const current = periodOf(kind, zone, now);
  return periodOf(kind, zone, new Date(current.from.getTime() - 1));
}

/** The period of `kind` holding the day `day` (`2026-11-25`) of `zone`. */
export function periodOfDay(kind: ReportKind, zone: string, day: string): ReportPeriod {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // Noon of the day: inside it whatever the zone's changes.
  return periodOf(kind, zone, new Date(dayStart(zone, y, m, d).getTime() + 12 * 3_600_000));
}
