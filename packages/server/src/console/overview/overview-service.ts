import {
  type OverviewRange,
  type TOverviewActivity,
  type TStreamCounts,
} from '@edp/shared/contracts/overview';
import { ttlCache } from '../../platform/cache/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Caller } from '../access/index.ts';
import { visibleDeviceGroups } from '../devices/index.ts';
import { RETENTION_MONTH_MS, logCountReads } from '../logs/index.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The buckets a range shows and the counts they are read from. */
export interface Slots {
  /** The counts read: by hour or by UTC day. */
  unit: 'h' | 'd';
  /** What one bucket spans. */
  shown: TOverviewActivity['unit'];
  /** Each bucket's start, oldest first. */
  starts: number[];
}

/** The start of the UTC month `back` months before the one holding `t`. */
const monthStart = (t: number, back: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
};

/**
 * A range's buckets, ending with the one holding `now` (docs/overview.md "Ranges"): 24 h and 7 d
 * the last 24 and 168 hours, 30 d the last 30 UTC days, 12 months the last 12 UTC months (read
 * from the days' counts).
 */
export function slotsOf(range: OverviewRange, now: number): Slots {
  const hour = now - (now % HOUR_MS);
  const day = now - (now % DAY_MS);
  const back = (n: number, last: number, step: number) =>
    Array.from({ length: n }, (_, i) => last - (n - 1 - i) * step);
  switch (range) {
    case '24h':
      return { unit: 'h', shown: 'hour', starts: back(24, hour, HOUR_MS) };
    case '7d':
      return { unit: 'h', shown: 'hour', starts: back(168, hour, HOUR_MS) };
    case '30d':
      return { unit: 'd', shown: 'day', starts: back(30, day, DAY_MS) };
    case '12m':
      return {
        unit: 'd',
        shown: 'month',
        starts: Array.from({ length: 12 }, (_, i) => monthStart(now, 11 - i)),
      };
  }
}

/**
 * How long an answer of 30 days or 12 months is kept: their buckets are days and months, and the
 * devices with the most alerts over a year sum a row per device and day (docs/overview.md
 * "Counts"), so they are read at most once a minute per tenant, scope, range and ranking size.
 */
export const LONG_RANGE_MS = 60_000;

const zero = (): TStreamCounts => ({ access: 0, denied: 0, dpi: 0, tde: 0, alert: 0 });

/**
 * The data overview's charts (docs/overview.md): the events and alerts of a range in buckets and
 * the devices with the most alerts, read from the counts the log ingestion keeps (never the logs),
 * within the caller's groups and the tenant's retention.
 */
export function overviewService(deps: Pick<Platform, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const counts = logCountReads(db);
  const long = ttlCache<string, TOverviewActivity>({
    max: 1_000,
    ttlMs: LONG_RANGE_MS,
    now: clock,
  });

  return {
    async activity(caller: Caller, q: { range: OverviewRange; top: number }) {
      const tenantId = caller.actor.tenantId;
      const [kept, groups] = await Promise.all([
        counts.settingsOf(tenantId),
        visibleDeviceGroups(db, caller.actor),
      ]);
      const read = () => activityOf(tenantId, groups, kept.retentionMonths, q);
      if (slotsOf(q.range, clock()).unit === 'h') return read();
      const scope = groups ? [...groups].sort().join(',') : '*';
      const key = [tenantId, scope, kept.retentionMonths, q.range, q.top].join('|');
      return (await long.load(key, read))!;
    },
  };

  async function activityOf(
    tenantId: string,
    groups: string[] | null,
    retentionMonths: number,
    q: { range: OverviewRange; top: number },
  ): Promise<TOverviewActivity> {
    const now = clock();
    const slots = slotsOf(q.range, now);
    // Nothing older than the tenant's retention, as the logs' reads (whole hours or days).
    const unitMs = slots.unit === 'h' ? HOUR_MS : DAY_MS;
    const oldest = now - retentionMonths * RETENTION_MONTH_MS;
    const from = new Date(Math.max(slots.starts[0]!, oldest - (oldest % unitMs)));
    const where = { tenantId, unit: slots.unit, from, groups };
    const [series, top] = await Promise.all([
      counts.series(where),
      counts.topDevices(where, q.top),
    ]);
    const buckets = slots.starts.map(zero);
    const totals = zero();
    const first = slots.starts[0]!;
    const step = slots.shown === 'hour' ? HOUR_MS : DAY_MS;
    for (const r of series) {
      if (r.t < first) continue;
      // Hours and days by their distance from the first; a day into the month holding it.
      let i = Math.floor((r.t - first) / step);
      if (slots.shown === 'month') {
        i = slots.starts.length - 1;
        while (i > 0 && slots.starts[i]! > r.t) i--;
      }
      if (i >= slots.starts.length) continue;
      buckets[i]![r.stream] += r.n;
      totals[r.stream] += r.n;
    }
    return {
      range: q.range,
      unit: slots.shown,
      buckets: buckets.map((b, i) => ({ at: new Date(slots.starts[i]!).toISOString(), ...b })),
      totals,
      topDevices: top,
    };
  }
}
export type OverviewService = ReturnType<typeof overviewService>;
