/** The audit filters as the list call and the CSV download take them. */
export interface AuditFilter {
  from?: string;
  to?: string;
  account?: string;
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

/** The query string of the CSV download. */
export function filterQuery(filter: AuditFilter): string {
  return new URLSearchParams(cleanFilter(filter) as Record<string, string>).toString();
}

/** `detail` of an entry ({ before?, after?, note? }) as displayable JSON parts. */
export function detailParts(detail: unknown): { before?: string; after?: string; note?: string } {
  if (typeof detail !== 'object' || detail === null) return {};
  const d = detail as Record<string, unknown>;
  const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v, null, 2));
  return {
    before: json(d.before),
    after: json(d.after),
    note: typeof d.note === 'string' ? d.note : json(d.note),
  };
}
