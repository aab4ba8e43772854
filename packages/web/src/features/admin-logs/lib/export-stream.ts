import { API_BASE, type ExportFormat } from '@edp/shared/constants';
import { CommonErr } from '@edp/shared/errors/common';
import { fileNameFromDisposition } from '../../../lib/download-file.ts';
import { rejectEnvelope, requestHeaders } from '../../../lib/http.ts';

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

export interface StreamedFile {
  blob: Blob;
  fileName: string;
  progress: ExportProgress;
}

export interface StreamOptions {
  format: ExportFormat;
  onProgress: (p: ExportProgress) => void;
  /** Cancels the download: the promise rejects with the signal's reason (an AbortError). */
  signal: AbortSignal;
  fetchImpl?: typeof globalThis.fetch;
}

/**
 * GETs an export under /api with the session's headers and reads it as it streams, reporting the
 * bytes (and CSV rows) received, so that a large export shows how far it has come and can be
 * cancelled; the whole file is then handed back to be saved. A failure answers the JSON envelope
 * before the first byte of the file: it is rejected as `getFile` does (silently: the page says
 * what failed). No request timeout: a year of events may take minutes, and the reader cancels.
 */
export async function streamExport(
  path: string,
  fallbackName: string,
  { format, onProgress, signal, fetchImpl = globalThis.fetch }: StreamOptions,
): Promise<StreamedFile> {
  const response = await fetchImpl(`${API_BASE}${path}`, {
    headers: requestHeaders(path),
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok || response.headers.get('Content-Type')?.includes('json') || !response.body) {
    const payload = (await response.json().catch(() => undefined)) as
      { errCode?: unknown; msg?: unknown } | undefined;
    const known = typeof payload?.errCode === 'number' && typeof payload.msg === 'string';
    return rejectEnvelope(
      {
        success: false,
        errCode: known ? (payload.errCode as number) : CommonErr.Server,
        msg: known ? (payload.msg as string) : '',
      },
      response.status,
      true,
    );
  }
  const count = progressCounter(format);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let progress: ExportProgress = count(new Uint8Array());
  onProgress(progress);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress = count(value);
    onProgress(progress);
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks as BlobPart[], { type }),
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName),
    progress,
  };
}

/**
 * Whether a failure is the reader's own cancel rather than the server's or the network's: the
 * aborted fetch or read rejects with an AbortError (by name: a DOMException of another realm is
 * no instance of this one's).
 */
export function isCancel(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
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
