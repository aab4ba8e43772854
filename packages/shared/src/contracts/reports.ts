import { z } from 'zod';
import { isCalendarTime, ZListRequest, ZList, ZUuid } from './common.ts';
import { ZIsoTime } from './com.ts';
import { ZTimeZone } from './console-admin.ts';
import { rule } from './field-rules.ts';
import {
  REPORT_DAYS,
  REPORT_FORMATS,
  REPORT_KINDS,
  REPORT_LOCALES,
  REPORT_STATUSES,
} from './reports-values.ts';

export * from './reports-values.ts';

/** A day of the reader's calendar, `2026-11-25`: one the calendar has, within REPORT_DAYS. */
const ZDay = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, rule('reportDay'))
  .refine((d) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    return isCalendarTime(y, m, day) && d >= REPORT_DAYS.first && d <= REPORT_DAYS.last;
  }, rule('reportDay'));

/** A report asked for now: the period holding `day` (default: the last one that has ended). */
export const ZReportMake = z.object({
  kind: z.enum(REPORT_KINDS),
  day: ZDay.optional().describe(
    "A day of the period in the report's time zone; default the last period that has ended",
  ),
  locale: z.enum(REPORT_LOCALES).optional().describe("Default the caller's language"),
  tz: ZTimeZone.optional().describe('The time zone of the period and the times; default UTC'),
});
export type TReportMake = z.input<typeof ZReportMake>;

export const ZReportListRequest = ZListRequest.extend({
  kind: z.enum(REPORT_KINDS).optional(),
});

export const ZReportItem = z.object({
  id: ZUuid,
  /** The report's name in its own language (`月报 2026-10`, `Weekly report 2026-11-16`). */
  name: z.string(),
  kind: z.enum(REPORT_KINDS),
  from: ZIsoTime,
  to: ZIsoTime,
  tz: z.string(),
  locale: z.enum(REPORT_LOCALES),
  status: z.enum(REPORT_STATUSES),
  /** 0–100 while it is made. */
  progress: z.number().int(),
  /** `schedule`, or the account that asked for it. */
  bySchedule: z.boolean(),
  madeBy: z.string(),
  createdAt: ZIsoTime,
  doneAt: ZIsoTime.nullable(),
  pdfBytes: z.number().int(),
  xlsxBytes: z.number().int(),
  devices: z.number().int(),
});
export type TReportItem = z.output<typeof ZReportItem>;
export const ZReportPage = ZList(ZReportItem);
export type TReportPage = z.output<typeof ZReportPage>;

export const ZReportMade = z.object({ id: ZUuid });

/** Which reports the tenant has made after each period ends, and in which language and zone. */
export const ZReportSchedule = z.object({
  daily: z.boolean(),
  weekly: z.boolean(),
  monthly: z.boolean(),
  locale: z.enum(REPORT_LOCALES),
  tz: ZTimeZone,
});
export type TReportSchedule = z.output<typeof ZReportSchedule>;

export const ZReportDownloadParams = z.object({ id: ZUuid });
export const ZReportDownloadQuery = z.object({ format: z.enum(REPORT_FORMATS) });
