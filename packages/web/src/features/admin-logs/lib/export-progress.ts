import type { ExportFormat } from '@edp/shared/constants';

/*
 * What an export's progress reads: the file comes through the one download client
 * (lib/download-file.ts `getFile`, with `onChunk` and a cancel signal); this counts its pieces.
 */

/** How far an export has come: bytes received, and for CSV the rows (line ends after the header). */
export interface ExportProgress {
  bytes: number;
  /** CSV only: XLSX is zipped, its rows cannot be counted on the way. */
  rows?: number;
}

const NEWLINE = 0x0a;

/**
 * Counts an export's progress chunk by chunk. A CSV's rows are its line ends less the header's;
 * the server quotes no line end inside a value that the engines could send (paths and programs
 * are one line), so the count is the rows the file holds once it is whole.
 */
export function progressCounter(format: ExportFormat) {
  let bytes = 0;
  let lines = 0;
  return (chunk: Uint8Array): ExportProgress => {
    bytes += chunk.byteLength;
    if (format !== 'csv') return { bytes };
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === NEWLINE) lines++;
    return { bytes, rows: Math.max(0, lines - 1) };
  };
}

/** A size as people read it: 812 B, 12.4 KB, 3.1 MB (1024s, one decimal above bytes). */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
