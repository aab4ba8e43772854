import type { Locale } from '@edp/shared/errors';
import { CSV_COLUMNS } from './audit-texts.ts';

/**
 * One CSV field (RFC 4180). A leading = + - @ is prefixed with ' so a spreadsheet never runs a
 * value an attacker typed into a name (CSV injection). Numbers are the server's own (error
 * codes): a minus sign there is a number's.
 */
export function csvField(value: unknown): string {
  if (typeof value === 'number') return String(value);
  let text = value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** The header line in the reader's language; the time column names the zone of its times. */
export function auditCsvHeader(locale: Locale, zone: string): string {
  return csvLine(Object.values(CSV_COLUMNS).map((words) => words[locale].replace('{zone}', zone)));
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

export function auditCsvLine(row: AuditCsvRow): string {
  return csvLine((Object.keys(CSV_COLUMNS) as (keyof AuditCsvRow)[]).map((key) => row[key]));
}
