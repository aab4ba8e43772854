import { pathWith, type ParamsOf, type Route } from '@edp/shared/api/define';
import { API_BASE } from '@edp/shared/constants';
import { CommonErr } from '@edp/shared/errors/common';
import { i18n } from '../locales/i18n.ts';
import { ApiError, rejectEnvelope, requestHeaders } from './http.ts';

/**
 * The file name a Content-Disposition header gives: RFC 5987 `filename*=UTF-8''…` first, then
 * `filename="…"` or a bare token; `fallback` when there is none. Path parts are dropped so a
 * header can never steer where the browser saves.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;\s]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || fallback;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL dies.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export interface DownloadedFile {
  blob: Blob;
  /** The Content-Disposition header, which names the file. */
  disposition: string | null;
}

export interface GetFileOptions {
  /** Show no error toast (the caller shows its own); session expiry still signs out. */
  silent?: boolean;
  /**
   * Cancels the download, before or while the file comes: the promise rejects with the signal's
   * reason (an AbortError, see `isCancel`), and nothing is toasted.
   */
  signal?: AbortSignal;
  /**
   * Called with each piece of the file as it arrives (the body is then read as a stream), so a
   * large file can show how far it has come.
   */
  onChunk?: (chunk: Uint8Array) => void;
  /**
   * Asks with POST and this JSON body instead of GET: a file the server answers once, to a
   * request that carries what it is encrypted to (a key share, a recovery file; docs/keys.md).
   */
  body?: unknown;
  /** For tests. */
  fetchImpl?: typeof globalThis.fetch;
}

/**
 * Whether a failure is the reader's own cancel rather than the server's or the network's: the
 * aborted fetch or read rejects with an AbortError (by name: a DOMException of another realm is
 * no instance of this one's).
 */
export function isCancel(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

/** The body in its pieces, each shown to `onChunk` as it comes. */
async function readStreamed(response: Response, onChunk: (chunk: Uint8Array) => void) {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onChunk(value);
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return new Blob(chunks as BlobPart[], { type });
}

/**
 * The one client for files under /api (certificates, elevation files, installers, CSV and Excel
 * exports, key shares and recovery files): GET (or POST with `body`) with the session's headers and the failure handling of the JSON calls (the
 * server answers a failure with the envelope, before the file's first byte). `path` may carry a
 * query string. With `onChunk` the file is read as it streams; with `signal` it can be
 * cancelled. No request timeout: a year of events may take minutes, and the reader cancels.
 */
export async function getFile(
  path: string,
  { silent, signal, onChunk, body, fetchImpl = globalThis.fetch }: GetFileOptions = {},
): Promise<DownloadedFile> {
  const serverError = () => new ApiError(CommonErr.Server, i18n.t('common:request.serverError'), 0);
  let response: Response;
  try {
    response = await fetchImpl(`${API_BASE}${path}`, {
      ...(body === undefined
        ? { headers: requestHeaders(path) }
        : {
            method: 'POST',
            headers: requestHeaders(path, { 'Content-Type': 'application/json' }),
            body: JSON.stringify(body),
          }),
      credentials: 'same-origin',
      signal,
    });
  } catch (e) {
    if (isCancel(e) || signal?.aborted) throw e;
    return rejectEnvelope(
      { success: false, errCode: CommonErr.Unavailable, msg: serverError().msg },
      0,
      silent,
    );
  }
  if (!response.ok || response.headers.get('Content-Type')?.includes('json')) {
    const payload = (await response.json().catch(() => undefined)) as
      { success?: unknown; errCode?: unknown; msg?: unknown } | undefined;
    if (payload && typeof payload.errCode === 'number' && typeof payload.msg === 'string') {
      return rejectEnvelope(
        { success: false, errCode: payload.errCode, msg: payload.msg },
        response.status,
        silent,
      );
    }
    return rejectEnvelope(
      { success: false, errCode: CommonErr.Server, msg: serverError().msg },
      response.status,
      silent,
    );
  }
  const blob =
    onChunk && response.body ? await readStreamed(response, onChunk) : await response.blob();
  return { blob, disposition: response.headers.get('Content-Disposition') };
}

/** GET a file under /api with the session headers and save it under the server's name. */
export async function downloadApiFile(
  path: string,
  fallbackName: string,
  opts?: GetFileOptions,
): Promise<string> {
  const { blob, disposition } = await getFile(path, opts);
  const fileName = fileNameFromDisposition(disposition, fallbackName);
  saveBlob(blob, fileName);
  return fileName;
}

/**
 * Downloads the file a GET call answers (`params` fill its path, `query` is appended) and saves
 * it under the server's name, `fallbackName` when the answer names none.
 */
export function downloadCall<C extends Route>(
  call: C,
  params: ParamsOf<C>,
  fallbackName: string,
  { query, ...opts }: GetFileOptions & { query?: string } = {},
): Promise<string> {
  const path = pathWith(call, params as Record<string, string>);
  return downloadApiFile(query ? `${path}?${query}` : path, fallbackName, opts);
}
