import { z } from 'zod';
import { EXPORT_FORMATS } from '../constants.ts';
import { ZDate, ZSerialBound, ZSerialId, ZTimeIdCursor, ZUuid } from './common.ts';
import { ZIsoTime } from './com.ts';
import { ZTimeZone } from './console-admin.ts';
import { rule } from './field-rules.ts';
import {
  ACCESS_OPERATIONS,
  ACCESS_OUTCOMES,
  ALERT_IDS_MAX,
  ALERT_SOURCES,
  ALERT_STATES,
  AUDIT_RETENTION_MONTHS,
  DPI_CHANGES,
  LOG_KINDS,
  LOG_RANGES,
  LOG_RETENTION_MONTHS,
  LOG_RULE_ACTIONS,
  LOG_RULES_MAX,
  MONITOR_CHANGES,
  MONITOR_KINDS,
  TDE_CHANGES,
} from './log-values.ts';

export * from './log-values.ts';

/**
 * What the engines report and the console keeps (docs/logs.md): access-control events and
 * monitoring events (DPI integrity changes, TDE state changes), the alerts raised from them, the
 * log filtering rules and the logs' retention.
 */

// ---------------------------------------------------------------------------------------------
// The engine's side: POST /api/agent/logs

/** Entries one batch may hold; an engine sends more in further batches. */
export const LOG_BATCH_MAX = 500;
/** An engine's sequence numbers run from 1 up without gaps within one stream. */
const ZSeq = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const ZPath = z.string().min(1).max(1024);
const ZProgram = z.string().max(1024);
const ZEngineUser = z.string().max(128);
const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/, rule('wrongFormat'));

const ZAccessEntry = z.object({
  seq: ZSeq,
  at: ZDate,
  kind: z.literal('access'),
  outcome: z.enum(ACCESS_OUTCOMES),
  operation: z.enum(ACCESS_OPERATIONS),
  program: ZProgram,
  user: ZEngineUser,
  path: ZPath,
});
const ZDpiEntry = z.object({
  seq: ZSeq,
  at: ZDate,
  kind: z.literal('dpi'),
  change: z.enum(DPI_CHANGES),
  path: ZPath,
  /** The file's SHA-256 now (absent: deleted). */
  sha256: ZSha256.optional(),
});
const ZTdeEntry = z.object({
  seq: ZSeq,
  at: ZDate,
  kind: z.literal('tde'),
  change: z.enum(TDE_CHANGES),
  path: ZPath,
});
export const ZLogEntry = z.discriminatedUnion('kind', [ZAccessEntry, ZDpiEntry, ZTdeEntry]);
export type TLogEntry = z.output<typeof ZLogEntry>;

/**
 * A batch of events, in sequence order without gaps. `stream` names the engine's numbering: a
 * new one (an engine installed again, its state lost) starts again at 1. The console stores each
 * event once: what it already holds is skipped, and it stores only from the next number it
 * expects (a batch that starts beyond it stores nothing and is answered where to resume), so a
 * batch sent twice, out of order or cut off by a node's death ends up stored once and whole.
 */
export const ZLogBatch = z.object({
  stream: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, rule('wrongFormat')),
  /**
   * The lowest number the engine still holds: it has forgotten everything below (the console
   * acked it). A console that holds less (restored from an older backup) skips to it instead of
   * waiting for numbers that will never come.
   */
  held: ZSeq,
  entries: z.array(ZLogEntry).min(1).max(LOG_BATCH_MAX),
});
export type TLogBatch = z.output<typeof ZLogBatch>;
export const ZLogBatchAnswer = z.object({
  /** The highest number the console holds of this stream, every one below it too: the engine
   * forgets those and sends from the next (which may be in this batch, if it skipped ahead). */
  acked: z.number().int(),
});
export type TLogBatchAnswer = z.infer<typeof ZLogBatchAnswer>;

// ---------------------------------------------------------------------------------------------
// The console's side

const ZLogCursor = ZTimeIdCursor.optional();
const ZLogPageSize = z.number().int().min(1).max(100).default(10);
const ZKeyword = z.string().trim().max(100).optional();

/** What both logs are filtered by: time, where, and a keyword in path, program or user. */
const ZLogFilter = z.object({
  range: z.enum(LOG_RANGES).default('24h'),
  /** Custom range only; `to` defaults to now. */
  from: ZDate.optional(),
  to: ZDate.optional(),
  groupId: ZUuid.optional(),
  deviceId: ZUuid.optional(),
  keyword: ZKeyword,
});

export const ZMonitorLogFilter = ZLogFilter.extend({
  kind: z.enum(MONITOR_KINDS).optional(),
  change: z.enum(MONITOR_CHANGES).optional(),
});
export type TMonitorLogFilter = z.output<typeof ZMonitorLogFilter>;
export const ZAccessLogFilter = ZLogFilter.extend({
  operation: z.enum(ACCESS_OPERATIONS).optional(),
  outcome: z.enum(ACCESS_OUTCOMES).optional(),
});
export type TAccessLogFilter = z.output<typeof ZAccessLogFilter>;

const ZPage = { cursor: ZLogCursor, pageSize: ZLogPageSize };
export const ZMonitorLogRequest = ZMonitorLogFilter.extend(ZPage);
export type TMonitorLogRequest = z.output<typeof ZMonitorLogRequest>;
export const ZAccessLogRequest = ZAccessLogFilter.extend(ZPage);
export type TAccessLogRequest = z.output<typeof ZAccessLogRequest>;

/** `/dv/m/dpi/alters`: one device's integrity changes, newest first. */
export const ZDpiAltersRequest = z.object({ id: ZUuid, ...ZPage });
export type TDpiAltersRequest = z.output<typeof ZDpiAltersRequest>;

/** One event as a log shows it; fields another kind has not are ''. */
export const ZLogItem = z.object({
  id: z.string(),
  at: ZIsoTime,
  kind: z.enum(LOG_KINDS),
  deviceId: z.string(),
  deviceName: z.string(),
  /** The group the device was in when it happened. */
  groupName: z.string(),
  /** access: the operation; dpi, tde: the change. */
  action: z.string(),
  /** access: allowed or denied; '' otherwise. */
  outcome: z.string(),
  program: z.string(),
  user: z.string(),
  path: z.string(),
  /** dpi: the file's SHA-256 now. */
  sha256: z.string(),
});
export type TLogItem = z.infer<typeof ZLogItem>;
export const ZLogPage = z.object({ list: z.array(ZLogItem), next: z.string().nullable() });
export type TLogPage = z.infer<typeof ZLogPage>;

const ZExport = { format: z.enum(EXPORT_FORMATS).default('csv'), tz: ZTimeZone.optional() };
/** GET exports: the filter as query parameters, the format and the reader's time zone. */
export const ZMonitorLogExportQuery = ZMonitorLogFilter.extend(ZExport);
export type TMonitorLogExportQuery = z.output<typeof ZMonitorLogExportQuery>;
export const ZAccessLogExportQuery = ZAccessLogFilter.extend(ZExport);
export type TAccessLogExportQuery = z.output<typeof ZAccessLogExportQuery>;

// Alerts

export const ZAlertFilter = ZLogFilter.extend({
  state: z.enum(ALERT_STATES).optional(),
  source: z.enum(ALERT_SOURCES).optional(),
});
export type TAlertFilter = z.output<typeof ZAlertFilter>;
export const ZAlertListRequest = ZAlertFilter.extend(ZPage);
export type TAlertListRequest = z.output<typeof ZAlertListRequest>;

export const ZAlertItem = ZLogItem.extend({
  state: z.enum(ALERT_STATES),
  source: z.enum(ALERT_SOURCES),
  /** The rule that raised it ('' for a DPI change no rule named). */
  ruleName: z.string(),
  /** Who last changed its state, and when (null: nobody yet). */
  changedBy: z.string().nullable(),
  changedAt: ZIsoTime.nullable(),
  note: z.string(),
});
export type TAlertItem = z.infer<typeof ZAlertItem>;
export const ZAlertPage = z.object({ list: z.array(ZAlertItem), next: z.string().nullable() });
export type TAlertPage = z.infer<typeof ZAlertPage>;

const ZTarget = z.enum(['seen', 'handled']);

/** `/alert/m/handle/preview`: how many alerts a filter would change, and the first of them. */
export const ZAlertPreviewRequest = z.object({ filter: ZAlertFilter, state: ZTarget });
export const ZAlertPreview = z.object({
  count: z.number().int(),
  sample: z.array(ZAlertItem),
  /** Pass to `/alert/m/handle`: alerts raised after the preview are left alone. */
  asOf: z.string(),
});
export type TAlertPreview = z.infer<typeof ZAlertPreview>;

/** `/alert/m/handle`: mark alerts seen or handled, by id or by filter (as previewed). */
export const ZAlertHandle = z
  .object({
    ids: z.array(ZSerialId).min(1).max(ALERT_IDS_MAX).optional(),
    filter: ZAlertFilter.optional(),
    /** The preview's bound: '0' when there were no alerts at all. */
    asOf: ZSerialBound.optional(),
    state: ZTarget,
    note: z.string().trim().max(200).default(''),
  })
  .refine((b) => (b.ids ? !b.filter : !!b.filter && !!b.asOf), rule('wrongFormat'));
export type TAlertHandle = z.output<typeof ZAlertHandle>;
export const ZAlertHandled = z.object({ count: z.number().int() });

// Log filtering rules

/**
 * One rule: what it matches ('any', or '' for a pattern, matches everything) and what it does.
 * Patterns are globs: `*` any run of characters but `/`, `**` any run, `?` one character.
 */
export const ZLogRule = z.object({
  name: z.string().trim().min(1).max(40),
  enabled: z.boolean().default(true),
  kind: z.enum(['any', ...LOG_KINDS]).default('any'),
  outcome: z.enum(['any', ...ACCESS_OUTCOMES]).default('any'),
  /** An operation (access) or a change (dpi, tde). */
  action: z.enum(['any', ...ACCESS_OPERATIONS, ...MONITOR_CHANGES]).default('any'),
  program: z.string().trim().max(260).default(''),
  path: z.string().trim().max(260).default(''),
  then: z.enum(LOG_RULE_ACTIONS),
});
export type TLogRule = z.output<typeof ZLogRule>;
export const ZLogRules = z.object({ rules: z.array(ZLogRule).max(LOG_RULES_MAX) });
export type TLogRules = z.output<typeof ZLogRules>;
export const ZLogRulesView = ZLogRules.extend({
  updatedBy: z.string().nullable(),
  updatedAt: ZIsoTime.nullable(),
});
export type TLogRulesView = z.infer<typeof ZLogRulesView>;

// Retention

const ZMonths = <T extends readonly number[]>(choices: T) =>
  z
    .number()
    .int()
    .refine((n) => choices.includes(n), rule('wrongFormat'));

export const ZLogSettings = z.object({
  retentionMonths: ZMonths(LOG_RETENTION_MONTHS),
  /** Back each week up to the server's backup directory before it is dropped. */
  backup: z.boolean(),
});
export type TLogSettings = z.output<typeof ZLogSettings>;
export const ZAuditRetention = z.object({ retentionMonths: ZMonths(AUDIT_RETENTION_MONTHS) });
export type TAuditRetention = z.output<typeof ZAuditRetention>;

/** A backup file of one week of events (`/log/s/backups`). */
export const ZLogBackupItem = z.object({
  name: z.string(),
  from: ZIsoTime,
  to: ZIsoTime,
  rows: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string(),
  at: ZIsoTime,
});
export const ZLogBackups = z.object({ list: z.array(ZLogBackupItem) });
export type TLogBackups = z.output<typeof ZLogBackups>;
