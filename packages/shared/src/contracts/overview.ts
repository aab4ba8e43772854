import { z } from 'zod';
import { OVERVIEW_RANGES } from '../constants.ts';
import { ZIsoTime } from './com.ts';

/**
 * The data overview's charts (docs/overview.md): the engines' events and alerts over time and
 * the devices with the most alerts, read from counts kept as the events are stored.
 */

export { OVERVIEW_RANGES, type OverviewRange } from '../constants.ts';

/** What is counted: access events, of which denied, DPI changes, TDE changes, alerts raised. */
export const COUNT_STREAMS = ['access', 'denied', 'dpi', 'tde', 'alert'] as const;
export type CountStream = (typeof COUNT_STREAMS)[number];
/** A count's span: an hour, or a UTC day. */
export type CountUnit = 'h' | 'd';

/** SPEC §9: a chart shows at most 50 engines. */
export const CHART_MAX_DEVICES = 50;

export const ZOverviewActivityRequest = z.object({
  range: z.enum(OVERVIEW_RANGES).default('24h'),
  top: z
    .number()
    .int()
    .min(1)
    .max(CHART_MAX_DEVICES)
    .default(10)
    .describe('How many devices the ranking of alerts holds (at most 50)'),
});
export type TOverviewActivityRequest = z.input<typeof ZOverviewActivityRequest>;

const ZCountsOf = z.object({
  access: z.number().int(),
  denied: z.number().int(),
  dpi: z.number().int(),
  tde: z.number().int(),
  alert: z.number().int(),
});
export type TStreamCounts = z.infer<typeof ZCountsOf>;

export const ZOverviewActivity = z.object({
  range: z.enum(OVERVIEW_RANGES),
  /** Each bucket's span: hours for 24 h and 7 d, UTC days for 30 d, UTC months for 12 months. */
  unit: z.enum(['hour', 'day', 'month']),
  buckets: z.array(ZCountsOf.extend({ at: ZIsoTime.describe("The bucket's start") })),
  totals: ZCountsOf,
  topDevices: z.array(
    z.object({
      id: z.string(),
      /** '' for a device since removed. */
      name: z.string(),
      alerts: z.number().int(),
    }),
  ),
});
export type TOverviewActivity = z.infer<typeof ZOverviewActivity>;
