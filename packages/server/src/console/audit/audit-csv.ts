import type { AuditRow } from './audit-repository.ts';

export const AUDIT_CSV_HEADER = [
  'time',
  'account',
  'role',
  'duty',
  'action',
  'target',
  'detail',
  'ip',
  'result',
  'errCode',
];

/**
 * One CSV field (RFC 4180). A leading = + - @ is prefixed with ' so a spreadsheet never runs a
 * value an attacker typed into a name (CSV injection).
 */
export function csvField(value: unknown): string {
  let text = value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export function auditCsvLine(row: AuditRow): string {
  return csvLine([
    row.at.toISOString(),
    row.account,
    row.roleName,
    row.duty,
    row.action,
    row.target,
    row.detail,
    row.ip,
    row.result,
    row.errCode,
  ]);
}
