/** One table of a report: a title, two column names, and rows of a name and a count. */
export interface ReportTable {
  title: string;
  header: readonly [string, string];
  rows: readonly (readonly [string, number])[];
}

/** A section: its figures (a table without a title of its own) and its tables of top entries. */
export interface ReportSection {
  title: string;
  figures: ReportTable;
  tables: readonly ReportTable[];
}

/** What the PDF shows and the XLSX's summary sheet lists, already in the report's language. */
export interface ReportContent {
  title: string;
  /** Lines under the title: the period, the time zone, when it was made. */
  lines: readonly string[];
  /**
   * Under the lines, set apart: a period that had not ended when the report was made is counted
   * up to that moment, so its figures are partial (issue 35).
   */
  notice?: string;
  sections: readonly ReportSection[];
  /** A closing note (where the full list of devices is). */
  note: string;
  /** What an empty table shows. */
  none: string;
}
