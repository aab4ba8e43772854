/**
 * The logs' plain values (docs/logs.md): kinds, changes, ranges, states, limits and retention
 * choices. They hold no zod, so the browser imports them from here without the schemas of
 * logs.ts, which re-exports them for the server (zod stays out of the monitoring log's first
 * load: packages/web/build/screen-chunks.ts).
 */

/** An event's kind: an access decision, a DPI integrity change, a TDE state change. */
export const LOG_KINDS = ['access', 'dpi', 'tde'] as const;
export type LogKind = (typeof LOG_KINDS)[number];
/** The monitoring log holds these kinds; the access-control log the other. */
export const MONITOR_KINDS = ['dpi', 'tde'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];

/** What a program did to a file, as an engine saw it. */
export const ACCESS_OPERATIONS = [
  'read',
  'write',
  'execute',
  'create',
  'delete',
  'rename',
] as const;
export type AccessOperation = (typeof ACCESS_OPERATIONS)[number];
export const ACCESS_OUTCOMES = ['allowed', 'denied'] as const;
export type AccessOutcome = (typeof ACCESS_OUTCOMES)[number];
/** A DPI folder's file changed in content, appeared or went. */
export const DPI_CHANGES = ['altered', 'added', 'deleted'] as const;
/** A TDE folder's file or folder changed state. */
export const TDE_CHANGES = ['encrypted', 'decrypted', 'added', 'removed'] as const;
/** Every monitoring change, whatever its kind. */
export const MONITOR_CHANGES = [
  'altered',
  'added',
  'deleted',
  'encrypted',
  'decrypted',
  'removed',
] as const;
export type MonitorChange = (typeof MONITOR_CHANGES)[number];

/** SPEC §9 time ranges, and a custom one (`from`, `to`). */
export const LOG_RANGES = ['24h', '7d', '30d', '12m', 'custom'] as const;
export type LogRange = (typeof LOG_RANGES)[number];

export const ALERT_STATES = ['new', 'seen', 'handled'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
/** dpi: an integrity change in a DPI folder; rule: an event a filtering rule raises. */
export const ALERT_SOURCES = ['dpi', 'rule'] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/** Alerts one call names by id at most; more are handled by filter. */
export const ALERT_IDS_MAX = 100;

export const LOG_RULE_ACTIONS = ['keep', 'drop', 'alert'] as const;
export type LogRuleAction = (typeof LOG_RULE_ACTIONS)[number];
/** Rules a tenant may hold; the first that matches an event decides. */
export const LOG_RULES_MAX = 100;

/** SPEC §9 log cleanup choices, in months. */
export const LOG_RETENTION_MONTHS = [1, 6, 12] as const;
/** The audit log's choices: the same, and the 36 months of SPEC §9's privacy retention. */
export const AUDIT_RETENTION_MONTHS = [1, 6, 12, 36] as const;
