/** The audit filters as the list call and the CSV download take them. */
export interface AuditFilter {
  from?: string;
  to?: string;
  account?: string;
  /** The raw action, one of /owner/l/log/actions. */
  action?: string;
  result?: 'success' | 'failure';
  keyword?: string;
}

/** Only the filters that are set, trimmed. */
export function cleanFilter(filter: AuditFilter): AuditFilter {
  const out: AuditFilter = {};
  for (const [key, value] of Object.entries(filter) as [keyof AuditFilter, string | undefined][]) {
    const v = value?.trim();
    if (v) (out as Record<string, string>)[key] = v;
  }
  return out;
}

/** The query string of the CSV download, with the zone its times are to be written in. */
export function filterQuery(filter: AuditFilter, tz?: string): string {
  const query = cleanFilter(filter) as Record<string, string>;
  return new URLSearchParams(tz ? { ...query, tz } : query).toString();
}
