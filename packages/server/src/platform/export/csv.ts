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

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
