/**
 * The reports' plain values (docs/reports.md): kinds, files, states, languages and the days one
 * may cover. They hold no zod, so the browser imports them from here without the schemas of
 * reports.ts, which re-exports them (packages/web/build/screen-chunks.ts: no lazily loaded part
 * runs zod).
 */

/** The periods a report covers (docs/reports.md): a day, a week from Monday, a month. */
export const REPORT_KINDS = ['daily', 'weekly', 'monthly'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** A report's files. */
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** Queued, being made (in the background, with its progress), done, or failed. */
export const REPORT_STATUSES = ['queued', 'making', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** The languages a report is written in. */
export const REPORT_LOCALES = ['zh-CN', 'en-US'] as const;

/**
 * The days a report may be asked for: any period holding one ends inside DATE_RANGE (the month
 * of 9999-12-31 would end in year 10000, which the database holds but `Date` and the files do
 * not: it failed three times before, issue 34).
 */
export const REPORT_DAYS = { first: '1970-01-01', last: '9999-11-30' } as const;
