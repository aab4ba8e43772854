import type { Locale } from '@edp/shared/errors';
import { CSV_COLUMNS } from './audit-texts.ts';

/** The header in the reader's language; the time column names the zone of its times. */
export function auditCsvHeader(locale: Locale, zone: string): string[] {
  return Object.values(CSV_COLUMNS).map((words) => words[locale].replace('{zone}', zone));
}

/** An entry as the reader reads it, in the order of `CSV_COLUMNS`. */
export interface AuditCsvRow {
  time: string;
  account: string;
  role: string;
  duty: string;
  action: string;
  target: string;
  detail: string;
  ip: string;
  result: string;
  /** Empty on success. */
  errCode: number | '';
  reason: string;
}

/** An entry's fields in the order of the header. */
export function auditCsvCells(row: AuditCsvRow): unknown[] {
  return (Object.keys(CSV_COLUMNS) as (keyof AuditCsvRow)[]).map((key) => row[key]);
}
