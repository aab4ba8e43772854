import type { LogRange } from '@edp/shared/contracts/logs';
import { rule } from '@edp/shared/contracts/field-rules';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A month of retention as a span of time: retention is counted in whole 31-day months. */
export const RETENTION_MONTH_MS = 31 * DAY_MS;

/**
 * The span a range names (SPEC §9: 24 hours, 7 days, 30 days, 12 months, or custom), cut to what
 * the tenant's retention keeps: nothing older is shown, though its week may not be dropped yet.
 */
export function spanOf(
  f: { range: LogRange; from?: Date | undefined; to?: Date | undefined },
  now: number,
  retentionMonths: number,
): { from: Date; to: Date } {
  const back: Record<Exclude<LogRange, 'custom'>, number> = {
    '24h': DAY_MS,
    '7d': 7 * DAY_MS,
    '30d': 30 * DAY_MS,
    '12m': 365 * DAY_MS,
  };
  let from: number;
  let to = now + 1;
  if (f.range === 'custom') {
    if (!f.from)
      throw new AppError(CommonErr.Invalid, { field: 'body.from', detail: rule('required') });
    from = f.from.getTime();
    if (f.to) to = f.to.getTime();
    if (from >= to)
      throw new AppError(CommonErr.Invalid, { field: 'body.to', detail: rule('range') });
  } else {
    from = now - back[f.range];
  }
  from = Math.max(from, now - retentionMonths * RETENTION_MONTH_MS);
  return { from: new Date(from), to: new Date(Math.max(from, to)) };
}
