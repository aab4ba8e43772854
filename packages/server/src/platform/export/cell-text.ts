/**
 * What every exported cell goes through, CSV and XLSX alike (issue 34, point 9).
 *
 * Bidi controls (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069) make a spreadsheet show
 * text in another order than it holds: a file `photo\u202Egpj.exe` reads as `photoexe.jpg`.
 * Each is written as its code (`<U+202E>`) so the reader sees it is there.
 */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A cell a spreadsheet would run as a formula: after any white space, invisible characters or
 * bidi controls (spreadsheets skip them), `=`, `+`, `-` or `@`, in ASCII, full width (＝＋－＠) or small
 * form (﹦﹢﹣﹫); or a tab or CR first, which some read as the start of another cell.
 */
const FORMULA =
  /^(?:[\t\r]|[\s\u200B-\u200F\u2060-\u2069\u202A-\u202E\u061C\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/;

/** Text with its bidi controls written as their codes. */
export const visibleText = (text: string): string =>
  text.replace(BIDI, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);

/**
 * A CSV cell's text: bidi controls made visible, and a formula prefixed with `'` so a
 * spreadsheet shows it instead of running it (CSV injection). XLSX needs no prefix: its cells
 * are text cells, never formulas.
 */
export function csvText(text: string): string {
  // Judged on the text as typed: what made it a formula is still there, only shown.
  const shown = visibleText(text);
  return FORMULA.test(text) ? `'${shown}` : shown;
}
