import { csvText } from './cell-text.ts';

/**
 * One CSV field (RFC 4180), its text through `csvText`: a formula, however it is dressed up, is
 * prefixed with ' so a spreadsheet never runs a value an attacker typed into a name (CSV
 * injection). Numbers are the server's own (error codes): a minus sign there is a number's.
 */
export function csvField(value: unknown): string {
  if (typeof value === 'number') return String(value);
  const text = csvText(
    value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value),
  );
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
