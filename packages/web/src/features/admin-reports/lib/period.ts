import type { Dayjs } from 'dayjs';
import type { ReportKind } from '@edp/shared/contracts/reports';

/**
 * The moment the period of `kind` holding `day` ends, in the zone `day` is in (the browser's,
 * which the page sends as the report's): the next day, the next Monday (weeks start on Monday,
 * whatever the locale says), the first of the next month. The server cuts the same periods
 * (`console/reports/report-period.ts`).
 */
export function periodEnd(kind: ReportKind, day: Dayjs): Dayjs {
  const start = day.startOf('day');
  if (kind === 'daily') return start.add(1, 'day');
  if (kind === 'weekly') return start.subtract((start.day() + 6) % 7, 'day').add(7, 'day');
  return start.startOf('month').add(1, 'month');
}

/**
 * Whether a report of `kind` asked for `day` would cover a period not ended at `now`: then it
 * counts only up to the moment it is made. No day: the last period that has ended.
 */
export function periodNotEnded(kind: ReportKind, day: Dayjs | null | undefined, now: Dayjs) {
  return !!day && periodEnd(kind, day).isAfter(now);
}
