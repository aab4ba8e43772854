import type { ExportFormat } from '@edp/shared/constants';
import {
  ACCESS_OPERATIONS,
  ACCESS_OUTCOMES,
  ALERT_SOURCES,
  ALERT_STATES,
  LOG_RANGES,
  MONITOR_CHANGES,
  MONITOR_KINDS,
  type LogRange,
} from '@edp/shared/contracts/log-values';

/**
 * What a log page shows, kept in the address (`?range=7d&device=…&q=shadow`) as the device list
 * keeps its own (device-list-url.ts): Back, a reload or a shared link shows the same events.
 * Only what differs from the defaults is written; a value that is not valid falls back to its
 * default silently, since an edited or outdated link is no error of the reader's.
 */
export interface LogFilter {
  range: LogRange;
  /** Custom range only: ISO times; `to` empty means now. */
  from?: string;
  to?: string;
  groupId?: string;
  deviceId?: string;
  keyword: string;
  /** The monitoring log's. */
  kind?: (typeof MONITOR_KINDS)[number];
  change?: (typeof MONITOR_CHANGES)[number];
  /** The access-control log's. */
  operation?: (typeof ACCESS_OPERATIONS)[number];
  outcome?: (typeof ACCESS_OUTCOMES)[number];
  /** The alerts'. */
  state?: (typeof ALERT_STATES)[number];
  source?: (typeof ALERT_SOURCES)[number];
}

/** Which list a filter belongs to: each has its own choice fields. */
export type LogList = 'monitor' | 'access' | 'alerts';

export const NO_LOG_FILTER: LogFilter = { range: '24h', keyword: '' };

/** The choice fields of each list, and the values each takes. */
export const CHOICES = {
  monitor: { kind: MONITOR_KINDS, change: MONITOR_CHANGES },
  access: { operation: ACCESS_OPERATIONS, outcome: ACCESS_OUTCOMES },
  alerts: { state: ALERT_STATES, source: ALERT_SOURCES },
} as const;

/** The contract's limits: a keyword of up to 100 characters, ids as UUIDs. */
const MAX_KEYWORD = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((v) => v === raw);
const uuid = (raw: string | null) =>
  raw !== null && UUID.test(raw) ? raw.toLowerCase() : undefined;
const isoTime = (raw: string | null) =>
  raw !== null && !Number.isNaN(Date.parse(raw)) ? new Date(raw).toISOString() : undefined;

/** Drops the fields that are not set, so that two equal filters compare and key alike. */
function compact(f: LogFilter): LogFilter {
  const out = { ...f };
  for (const key of Object.keys(out) as (keyof LogFilter)[])
    if (out[key] === undefined) delete out[key];
  return out;
}

export function parseLogSearch(list: LogList, params: URLSearchParams): LogFilter {
  const keyword = (params.get('q') ?? '').trim();
  const range = oneOf(LOG_RANGES, params.get('range')) ?? NO_LOG_FILTER.range;
  const from = isoTime(params.get('from'));
  const filter: LogFilter = {
    // A custom range needs its start; without one the link falls back to the default range.
    range: range === 'custom' && !from ? NO_LOG_FILTER.range : range,
    keyword: keyword.length <= MAX_KEYWORD ? keyword : '',
    groupId: uuid(params.get('group')),
    deviceId: uuid(params.get('device')),
  };
  if (filter.range === 'custom') {
    filter.from = from;
    filter.to = isoTime(params.get('to'));
  }
  for (const [key, values] of Object.entries(CHOICES[list]))
    Object.assign(filter, { [key]: oneOf(values as readonly string[], params.get(key)) });
  return compact(filter);
}

/** The address's search part: only what differs from the defaults, in a fixed order. */
export function logSearch(list: LogList, f: LogFilter): URLSearchParams {
  const custom = f.range === 'custom';
  const entries: [string, string | undefined][] = [
    ['range', f.range === NO_LOG_FILTER.range ? undefined : f.range],
    ['from', custom ? f.from : undefined],
    ['to', custom ? f.to : undefined],
    ['group', f.groupId],
    ['device', f.deviceId],
    ...Object.keys(CHOICES[list]).map((k): [string, string | undefined] => [
      k,
      f[k as keyof LogFilter],
    ]),
    ['q', f.keyword.trim() || undefined],
  ];
  return new URLSearchParams(entries.filter((e): e is [string, string] => !!e[1]));
}

/** Whether anything narrows the list beyond the default time range. */
export function isNarrowed(f: LogFilter): boolean {
  return Object.entries(compact(f)).some(
    ([k, v]) => k !== 'range' && k !== 'from' && k !== 'to' && v !== '',
  );
}

/**
 * The filter as the list calls take it (`/log/m/monitor`, `/log/m/access`, `/alert/m/list`):
 * the custom span only with a custom range, no empty keyword.
 */
export function requestOf(list: LogList, f: LogFilter) {
  const body: Record<string, string> = { range: f.range };
  if (f.range === 'custom') {
    if (f.from) body.from = f.from;
    if (f.to) body.to = f.to;
  }
  if (f.groupId) body.groupId = f.groupId;
  if (f.deviceId) body.deviceId = f.deviceId;
  if (f.keyword.trim()) body.keyword = f.keyword.trim();
  for (const key of Object.keys(CHOICES[list])) {
    const v = f[key as keyof LogFilter];
    if (v) body[key] = v;
  }
  return body;
}

/**
 * The query of an export (`GET /log/dw/monitor`, `/log/dw/access`): the page's filter, the
 * file's format and the zone its times are written in.
 */
export function exportQuery(
  list: 'monitor' | 'access',
  f: LogFilter,
  format: ExportFormat,
  tz?: string,
): string {
  return new URLSearchParams({
    ...requestOf(list, f),
    format,
    ...(tz ? { tz } : {}),
  }).toString();
}
